;; The idea-search kernel (WebAssembly SIMD): three query vectors against every row of the int8 matrix in one pass,
;; reduced to the best dot product per book, then the books whose best passes a floor. Compiled to
;; book-scan.wasm.ts by `npm run build:kernel -w services/search` (wabt); vector-index.ts owns the memory layout.
;;
;; Rows are `stride` bytes (the vector's int8 components, zero-padded to a multiple of 16). Queries are stored
;; sign-extended to int16, `stride` components each, three of them one after the other: each 16-byte block of a
;; row is loaded once, widened to two int16 halves, and multiplied into all three queries with i32x4.dot_i16x8_s
;; (pmaddwd on x86): int8 products are at most 127 * 127, so nothing overflows before the int32 sums.
(module
  ;; Shared memory: the api's scan threads (scan-threads.ts) each run `scan` over their own rows of one matrix.
  (import "env" "memory" (memory 1 65536 shared))

  ;; The three dot products of a row, [d0, d1, d2, 0], from the three accumulators of four int32 lanes each: a
  ;; transposing sum (six shuffles, four additions) instead of three horizontal sums of lane extractions, which on
  ;; short rows (the approximate index's 64 components) cost as much as the products themselves.
  (func $dots (param $a0 v128) (param $a1 v128) (param $a2 v128) (result v128)
    (local $u v128) (local $w v128)
    ;; u = [a0.0 + a0.2, a1.0 + a1.2, a0.1 + a0.3, a1.1 + a1.3]
    (local.set $u (i32x4.add
      (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $a0) (local.get $a1))
      (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $a0) (local.get $a1))))
    ;; w = [a2.0 + a2.2, 0, a2.1 + a2.3, 0]
    (local.set $w (i32x4.add
      (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $a2) (v128.const i32x4 0 0 0 0))
      (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $a2) (v128.const i32x4 0 0 0 0))))
    ;; [u.0 + u.2, u.1 + u.3, w.0 + w.2, w.1 + w.3]
    (i32x4.add
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $u) (local.get $w))
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $u) (local.get $w))))

  ;; best[slot] = max(best[slot], m), lane by lane: the per-book reduction, once per run of a book's rows. A slot's
  ;; best is four int32 (three ideas and a spare lane, which $dots leaves 0), so that one SIMD load, max and store
  ;; do it: rows read cluster by cluster change book at nearly every row.
  (func $flush (param $best i32) (param $slot i32) (param $m v128)
    (local $at i32)
    (local.set $at (i32.add (local.get $best) (i32.shl (local.get $slot) (i32.const 4))))
    (v128.store (local.get $at) (i32x4.max_s (v128.load (local.get $at)) (local.get $m))))

  ;; Rows [from, to): rowSlot[r] (int32, -1 for a freed row, skipped) names the book. A book's rows need not be
  ;; contiguous (the running maximum is flushed whenever the slot changes). best (4 int32 per slot) must hold each
  ;; slot's running maximum (JS fills it with INT32_MIN first).
  (func $scan
    (param $matrix i32) (param $rowSlot i32) (param $queries i32) (param $best i32)
    (param $stride i32) (param $from i32) (param $to i32)
    (local $r i32) (local $row i32) (local $end i32) (local $j i32) (local $q i32)
    (local $slot i32) (local $current i32)
    (local $v v128) (local $lo v128) (local $hi v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128)
    (local $d v128) (local $m v128)
    (local $qStride i32)
    (local.set $qStride (i32.shl (local.get $stride) (i32.const 1)))
    (local.set $current (i32.const -1))
    (local.set $r (local.get $from))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $to)))
        (local.set $slot (i32.load (i32.add (local.get $rowSlot) (i32.shl (local.get $r) (i32.const 2)))))
        (if (i32.ge_s (local.get $slot) (i32.const 0))
          (then
            (local.set $row (i32.add (local.get $matrix) (i32.mul (local.get $r) (local.get $stride))))
            (local.set $end (i32.add (local.get $row) (local.get $stride)))
            (local.set $q (local.get $queries))
            (local.set $a0 (v128.const i32x4 0 0 0 0))
            (local.set $a1 (v128.const i32x4 0 0 0 0))
            (local.set $a2 (v128.const i32x4 0 0 0 0))
            (local.set $j (local.get $row))
            (loop $blocks
              (local.set $v (v128.load (local.get $j)))
              (local.set $lo (i16x8.extend_low_i8x16_s (local.get $v)))
              (local.set $hi (i16x8.extend_high_i8x16_s (local.get $v)))
              (local.set $a0 (i32x4.add (local.get $a0)
                (i32x4.add
                  (i32x4.dot_i16x8_s (local.get $lo) (v128.load offset=0 (local.get $q)))
                  (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (local.get $q))))))
              (local.set $a1 (i32x4.add (local.get $a1)
                (i32x4.add
                  (i32x4.dot_i16x8_s (local.get $lo) (v128.load (i32.add (local.get $q) (local.get $qStride))))
                  (i32x4.dot_i16x8_s (local.get $hi)
                    (v128.load offset=16 (i32.add (local.get $q) (local.get $qStride)))))))
              (local.set $a2 (i32x4.add (local.get $a2)
                (i32x4.add
                  (i32x4.dot_i16x8_s (local.get $lo)
                    (v128.load (i32.add (local.get $q) (i32.shl (local.get $qStride) (i32.const 1)))))
                  (i32x4.dot_i16x8_s (local.get $hi)
                    (v128.load offset=16 (i32.add (local.get $q) (i32.shl (local.get $qStride) (i32.const 1))))))))
              (local.set $q (i32.add (local.get $q) (i32.const 32)))
              (local.set $j (i32.add (local.get $j) (i32.const 16)))
              (br_if $blocks (i32.lt_u (local.get $j) (local.get $end))))
            (local.set $d (call $dots (local.get $a0) (local.get $a1) (local.get $a2)))
            (if (i32.ne (local.get $slot) (local.get $current))
              (then
                (if (i32.ge_s (local.get $current) (i32.const 0))
                  (then (call $flush (local.get $best) (local.get $current) (local.get $m))))
                (local.set $current (local.get $slot))
                (local.set $m (local.get $d)))
              (else (local.set $m (i32x4.max_s (local.get $m) (local.get $d)))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows)))
    (if (i32.ge_s (local.get $current) (i32.const 0))
      (then (call $flush (local.get $best) (local.get $current) (local.get $m)))))

  ;; `scan` over each of `count` row ranges: int32 pairs [from, to) at `ranges`. One call for a thread's whole share
  ;; of a search, however many ranges it has (the approximate index reads thousands of short runs of rows).
  (func (export "scanList")
    (param $matrix i32) (param $rowSlot i32) (param $queries i32) (param $best i32)
    (param $stride i32) (param $ranges i32) (param $count i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $ranges) (i32.shl (local.get $count) (i32.const 3))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $ranges) (local.get $end)))
        (call $scan (local.get $matrix) (local.get $rowSlot) (local.get $queries) (local.get $best)
          (local.get $stride) (i32.load (local.get $ranges)) (i32.load offset=4 (local.get $ranges)))
        (local.set $ranges (i32.add (local.get $ranges) (i32.const 8)))
        (br $each))))

  ;; Slots [0, slots) whose best over the first `ideas` columns is at least `floor`, written to out in slot order
  ;; (int32 each); returns how many. Unused slots hold INT32_MIN and never pass.
  (func (export "select")
    (param $best i32) (param $slots i32) (param $ideas i32) (param $floor i32) (param $out i32) (result i32)
    (local $s i32) (local $at i32) (local $m i32) (local $n i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $s) (local.get $slots)))
        (local.set $at (i32.add (local.get $best) (i32.shl (local.get $s) (i32.const 4))))
        (local.set $m (i32.load offset=0 (local.get $at)))
        (if (i32.ge_u (local.get $ideas) (i32.const 2))
          (then (if (i32.gt_s (i32.load offset=4 (local.get $at)) (local.get $m))
            (then (local.set $m (i32.load offset=4 (local.get $at)))))))
        (if (i32.ge_u (local.get $ideas) (i32.const 3))
          (then (if (i32.gt_s (i32.load offset=8 (local.get $at)) (local.get $m))
            (then (local.set $m (i32.load offset=8 (local.get $at)))))))
        (if (i32.ge_s (local.get $m) (local.get $floor))
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))) (local.get $s))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $each)))
    (local.get $n))

  ;; The approximate index's ranking of every book (ann-vector-index.ts), after a scan of its projected rows: for
  ;; slots [0, slots), each of the first `ideas` best dot products becomes a score through `table` (float32 scores
  ;; for dot products evenly spread from low to high: index (dot - low) * step / 2^20, integer arithmetic only), and
  ;; the book's key is the scores' sum plus `bonus` times the smallest (the hellaScore's formula). Writes the key's
  ;; bucket (key * binScale, at most binLast) to bins[slot] and counts it in histogram (binLast + 1 int32, zeroed
  ;; first: a part of the slots run again after a thread failed counts once). `best` and `bins` point at the first
  ;; slot of the part, so that threads rank parts of the slots, each with a histogram of its own.
  ;; A scan that read only some rows (the approximate index's nearest clusters) leaves a book none of whose rows was
  ;; read at INT32_MIN, and that book in bucket 0; the dot products of a book partly read are raised to the floor of
  ;; their idea (floor0-2: what an unread row may score), so that it is not judged by its weakest rows alone. With
  ;; `clear`, each best read is set back to INT32_MIN: the next scan needs no pass of its own to clear them.
  (func (export "rank")
    (param $best i32) (param $slots i32) (param $ideas i32)
    (param $table i32) (param $low i32) (param $high i32) (param $step i32)
    (param $bonus f32) (param $binScale f32) (param $binLast i32) (param $bins i32) (param $histogram i32)
    (param $floor0 i32) (param $floor1 i32) (param $floor2 i32) (param $clear i32)
    (local $s i32) (local $at i32)
    (local $score0 f32) (local $score1 f32) (local $score2 f32) (local $sum f32) (local $weakest f32)
    (local $key f32) (local $bin i32) (local $count i32)
    (local $floors v128) (local $lows v128) (local $highs v128) (local $steps v128) (local $index v128)
    (local.set $floors (i32x4.replace_lane 2 (i32x4.replace_lane 1 (i32x4.splat (local.get $floor0))
      (local.get $floor1)) (local.get $floor2)))
    (local.set $lows (i32x4.splat (local.get $low)))
    (local.set $highs (i32x4.splat (local.get $high)))
    (local.set $steps (i32x4.splat (local.get $step)))
    (memory.fill (local.get $histogram) (i32.const 0)
      (i32.shl (i32.add (local.get $binLast) (i32.const 1)) (i32.const 2)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $s) (local.get $slots)))
        (local.set $at (i32.add (local.get $best) (i32.shl (local.get $s) (i32.const 4))))
        (local.set $bin (i32.const 0))
        ;; a book none of whose rows was read stays in bucket 0
        (if (i32.ne (i32.load (local.get $at)) (i32.const 0x80000000))
          (then
            ;; the three ideas at once: each dot product raised to its floor, clamped to [low, high], and its
            ;; table index (dot - low) * step / 2^20 as a byte offset. The product stays below 2^32 (step is at
            ;; most (table size - 1) * 2^20 / (high - low)), so an unsigned 32-bit lane holds it exactly.
            (local.set $index (i32x4.shl (i32x4.shr_u (i32x4.mul (i32x4.sub
              (i32x4.max_s (i32x4.min_s (i32x4.max_s (v128.load (local.get $at)) (local.get $floors))
                (local.get $highs)) (local.get $lows))
              (local.get $lows)) (local.get $steps)) (i32.const 20)) (i32.const 2)))
            (if (local.get $clear)
              (then (v128.store (local.get $at) (v128.const i32x4 0x80000000 0x80000000 0x80000000 0x80000000))))
            (local.set $score0 (f32.load (i32.add (local.get $table) (i32x4.extract_lane 0 (local.get $index)))))
            (local.set $score1 (f32.load (i32.add (local.get $table) (i32x4.extract_lane 1 (local.get $index)))))
            (local.set $score2 (f32.load (i32.add (local.get $table) (i32x4.extract_lane 2 (local.get $index)))))
            ;; ideas beyond `ideas` (padding) count neither in the sum nor as the weakest
            (local.set $score1 (select (local.get $score1) (local.get $score0) (i32.ge_u (local.get $ideas) (i32.const 2))))
            (local.set $score2 (select (local.get $score2) (local.get $score0) (i32.ge_u (local.get $ideas) (i32.const 3))))
            (local.set $sum (f32.add (local.get $score0) (f32.add
              (select (local.get $score1) (f32.const 0) (i32.ge_u (local.get $ideas) (i32.const 2)))
              (select (local.get $score2) (f32.const 0) (i32.ge_u (local.get $ideas) (i32.const 3))))))
            (local.set $weakest (select (local.get $score0) (local.get $score1)
              (f32.lt (local.get $score0) (local.get $score1))))
            (local.set $weakest (select (local.get $weakest) (local.get $score2)
              (f32.lt (local.get $weakest) (local.get $score2))))
            (local.set $key (f32.mul (local.get $binScale)
              (f32.add (local.get $sum) (f32.mul (local.get $bonus) (local.get $weakest)))))
            ;; keys are at least 0 (scores are), at most binLast after the clamp
            (local.set $bin (i32.trunc_f32_u (select (local.get $key) (f32.const 0)
              (f32.gt (local.get $key) (f32.const 0)))))
            (if (i32.gt_u (local.get $bin) (local.get $binLast)) (then (local.set $bin (local.get $binLast))))))
        (i32.store (i32.add (local.get $bins) (i32.shl (local.get $s) (i32.const 2))) (local.get $bin))
        (local.set $count (i32.add (local.get $histogram) (i32.shl (local.get $bin) (i32.const 2))))
        (i32.store (local.get $count) (i32.add (i32.load (local.get $count)) (i32.const 1)))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $each))))

  ;; Slots [0, slots) whose bucket (rank) is at least `threshold`, written to out in slot order; returns how many.
  (func (export "pick")
    (param $bins i32) (param $slots i32) (param $threshold i32) (param $out i32) (result i32)
    (local $s i32) (local $n i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $s) (local.get $slots)))
        (if (i32.ge_s (i32.load (i32.add (local.get $bins) (i32.shl (local.get $s) (i32.const 2))))
              (local.get $threshold))
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))) (local.get $s))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $each)))
    (local.get $n))
)
