// The per-algorithm build of hash-wasm: 21 KB instead of the whole package's every algorithm.
declare module "hash-wasm/dist/blake3.umd.min.js" {
  export { createBLAKE3 } from "hash-wasm"
}
