export { startS3TestServer, type S3TestServer } from './server';
