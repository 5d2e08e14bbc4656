export { S3Store, type S3Options, type StoredObject } from './s3';
export { signRequest, type SigningKey } from './sigv4';
