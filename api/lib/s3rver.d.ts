// s3rver 3.7 (a fake S3 server for tests) ships no types: what api/lib/test-s3.ts uses of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  type Options = {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }

  export default class S3rver {
    constructor(options?: Options)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
