// A part of a job split across the machines of a CI matrix: `--shard I/N` of `build --all` and of `screenshots`.

/** The I-th (1-based) of N parts: `--shard 2/3` is `{ index: 2, count: 3 }`. */
export interface Shard {
  index: number;
  count: number;
}
