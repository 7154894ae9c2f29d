// s3rver in its own process, as a real S3 service would be: its buffers and CPU are not the
// app's, so the app's memory use can be measured. Started by s3-server.ts over IPC.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
// Ends with the test process that started it, however that one ends.
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
process.send({ port });
