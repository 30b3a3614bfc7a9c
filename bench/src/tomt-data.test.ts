import { describe, expect, it } from 'vitest'
import { trainFoldOf } from './tomt-data.js'

describe('train folds', () => {
  it('puts each train request in the fold the encoder trained it in (selftest train_fold_keeps_only_its_requests)', () => {
    // bench:quality --train-fold K/N measures a fold's encoder on the requests it never saw: both sides must agree
    expect(['emgkyy', 'j70s6v', 'hnr912'].map((id) => trainFoldOf(id, 2))).toEqual([1, 1, 0])
    expect(['emgkyy', 'j70s6v', 'cu9j19'].map((id) => trainFoldOf(id, 3))).toEqual([2, 1, 0])
  })
})
