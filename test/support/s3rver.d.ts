// s3rver ships no types; this is the part of its API the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    readonly address?: string;
    readonly port?: number;
    readonly silent?: boolean;
    readonly directory: string;
    readonly configureBuckets?: readonly { readonly name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ readonly address: string; readonly port: number }>;
    close(): Promise<void>;
  }
}
