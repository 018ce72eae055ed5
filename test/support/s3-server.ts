import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver, files in a temp dir) on a loopback port, with one empty bucket. */
export interface TestS3Server {
  readonly endpoint: string;
  readonly bucket: string;
  /** s3rver's fixed test credentials; it checks signatures made with them. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = 'logward-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
