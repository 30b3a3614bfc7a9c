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

  ;; Sum of the four int32 lanes.
  (func $hsum (param $v v128) (result i32)
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
      (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))

  ;; Writes best[slot * 3 + i] = max(best[...], m_i): the per-book reduction, once per run of a book's rows.
  (func $flush (param $best i32) (param $slot i32) (param $m0 i32) (param $m1 i32) (param $m2 i32)
    (local $at i32)
    (local.set $at (i32.add (local.get $best) (i32.mul (local.get $slot) (i32.const 12))))
    (if (i32.gt_s (local.get $m0) (i32.load offset=0 (local.get $at)))
      (then (i32.store offset=0 (local.get $at) (local.get $m0))))
    (if (i32.gt_s (local.get $m1) (i32.load offset=4 (local.get $at)))
      (then (i32.store offset=4 (local.get $at) (local.get $m1))))
    (if (i32.gt_s (local.get $m2) (i32.load offset=8 (local.get $at)))
      (then (i32.store offset=8 (local.get $at) (local.get $m2)))))

  ;; Rows [from, to): rowSlot[r] (int32, -1 for a freed row, skipped) names the book; a book's rows are
  ;; contiguous. best (3 int32 per slot) must hold each slot's running maximum (JS fills it with INT32_MIN first).
  (func (export "scan")
    (param $matrix i32) (param $rowSlot i32) (param $queries i32) (param $best i32)
    (param $stride i32) (param $from i32) (param $to i32)
    (local $r i32) (local $row i32) (local $end i32) (local $j i32) (local $q i32)
    (local $slot i32) (local $current i32)
    (local $v v128) (local $lo v128) (local $hi v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128)
    (local $d0 i32) (local $d1 i32) (local $d2 i32)
    (local $m0 i32) (local $m1 i32) (local $m2 i32)
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
            (local.set $d0 (call $hsum (local.get $a0)))
            (local.set $d1 (call $hsum (local.get $a1)))
            (local.set $d2 (call $hsum (local.get $a2)))
            (if (i32.ne (local.get $slot) (local.get $current))
              (then
                (if (i32.ge_s (local.get $current) (i32.const 0))
                  (then (call $flush (local.get $best) (local.get $current)
                    (local.get $m0) (local.get $m1) (local.get $m2))))
                (local.set $current (local.get $slot))
                (local.set $m0 (local.get $d0))
                (local.set $m1 (local.get $d1))
                (local.set $m2 (local.get $d2)))
              (else
                (if (i32.gt_s (local.get $d0) (local.get $m0)) (then (local.set $m0 (local.get $d0))))
                (if (i32.gt_s (local.get $d1) (local.get $m1)) (then (local.set $m1 (local.get $d1))))
                (if (i32.gt_s (local.get $d2) (local.get $m2)) (then (local.set $m2 (local.get $d2))))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows)))
    (if (i32.ge_s (local.get $current) (i32.const 0))
      (then (call $flush (local.get $best) (local.get $current)
        (local.get $m0) (local.get $m1) (local.get $m2)))))

  ;; Slots [0, slots) whose best over the first `ideas` columns is at least `floor`, written to out in slot order
  ;; (int32 each); returns how many. Unused slots hold INT32_MIN and never pass.
  (func (export "select")
    (param $best i32) (param $slots i32) (param $ideas i32) (param $floor i32) (param $out i32) (result i32)
    (local $s i32) (local $at i32) (local $m i32) (local $n i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $s) (local.get $slots)))
        (local.set $at (i32.add (local.get $best) (i32.mul (local.get $s) (i32.const 12))))
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
)
