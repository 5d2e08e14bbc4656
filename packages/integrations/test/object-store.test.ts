import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { S3Store, signRequest } from '@blogfleet/integrations/object-store';
import { startS3TestServer, type S3TestServer } from '@blogfleet/integrations/object-store/testing';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
});

const store = (over: Partial<ConstructorParameters<typeof S3Store>[0]> = {}) =>
  new S3Store({
    endpoint: s3.url,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    prefix: 'bf/',
    ...over,
  });

describe('SigV4', () => {
  it('signs AWS’s own example (S3 GET Object with a Range header) as AWS does', () => {
    const headers = signRequest(
      {
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 store', () => {
  it('puts, gets, lists page by page and deletes objects under its prefix', async () => {
    const files = store();
    await files.put('screenshots/1/a b.png', Buffer.from('png-bytes'), 'image/png');
    await files.put('screenshots/1/c.jpg', Buffer.from('jpg'), 'image/jpeg');
    await files.put('screenshots/2/d.png', Buffer.from('d'), 'image/png');
    expect([...s3.objects.keys()].sort()).toEqual([
      'bf/screenshots/1/a b.png',
      'bf/screenshots/1/c.jpg',
      'bf/screenshots/2/d.png',
    ]);
    const got = await files.get('screenshots/1/a b.png');
    expect(got?.body.toString()).toBe('png-bytes');
    expect(got?.contentType).toBe('image/png');
    expect(await files.get('screenshots/1/none.png')).toBeNull();
    expect(await files.list('screenshots/')).toEqual([
      'screenshots/1/a b.png',
      'screenshots/1/c.jpg',
      'screenshots/2/d.png',
    ]);
    await files.delete('screenshots/1/c.jpg');
    await files.delete('screenshots/1/c.jpg');
    expect(await files.list('screenshots/1/')).toEqual(['screenshots/1/a b.png']);
  });

  it('reports a wrong secret as refused credentials, without the secret', async () => {
    const error = await store({ secretAccessKey: 'wrong-secret-value' })
      .put('x.png', Buffer.from('x'), 'image/png')
      .catch((e: unknown) => e);
    expect(isIntegrationError(error) && error.kind).toBe('unauthorized');
    expect((error as Error).message).toContain('SignatureDoesNotMatch');
    expect((error as Error).message).not.toContain('wrong-secret-value');
    const down = await new S3Store({
      endpoint: 'http://127.0.0.1:9',
      bucket: 'b',
      region: 'r',
      accessKeyId: 'a',
      secretAccessKey: 's',
    })
      .get('x')
      .catch((e: unknown) => e);
    expect(isIntegrationError(down) && down.kind).toBe('unreachable');
  });
});
