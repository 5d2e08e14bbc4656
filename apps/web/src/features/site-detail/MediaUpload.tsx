import type { RouterOutputs } from '@blogfleet/api';
import { SITE_MEDIA_MAX_BYTES, SITE_MEDIA_TYPES } from '@blogfleet/validators';
import { Button, FormField, Input, toast } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { restPost } from '../../lib/rest';
import { trpc } from '../../lib/trpc';

type Media = RouterOutputs['sites']['uploadMedia']['media'];

/**
 * Upload an image to the site's WordPress media library (media tab). Through REST: an image is larger
 * than tRPC's request limit, the upload endpoint has its own.
 */
export function MediaUpload({ siteId }: { siteId: number }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Read once: the data: URL is the preview (the CSP allows data: images, not blob:) and the upload.
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    setDataUrl(null);
    if (!file) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current) setDataUrl(String(reader.result));
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
      reader.abort();
    };
  }, [file]);

  const choose = (f: File | null) => {
    setError(undefined);
    if (f && !(SITE_MEDIA_TYPES as readonly string[]).includes(f.type)) {
      setError(t`Only JPEG, PNG, GIF and WebP images can be uploaded`);
      return setFile(null);
    }
    if (f && f.size > SITE_MEDIA_MAX_BYTES) {
      setError(t`The file is larger than 10 MB`);
      return setFile(null);
    }
    setFile(f);
    if (f && !title) setTitle(f.name.replace(/\.[^.]+$/, ''));
  };

  const upload = async () => {
    if (!file || !dataUrl) return setError(t`Choose an image first`);
    setUploading(true);
    try {
      const { media } = await restPost<{ media: Media }>(`sites/${siteId}/media`, {
        filename: file.name,
        content_type: file.type,
        data: dataUrl.slice(dataUrl.indexOf(',') + 1),
        title: title.trim() || undefined,
      });
      toast.success(t`${media.title} uploaded to WordPress`);
      setFile(null);
      setTitle('');
      if (input.current) input.current.value = '';
      await utils.sites.media.invalidate({ id: siteId });
    } catch (err) {
      toastApiError(err, t`Failed to upload media`);
    } finally {
      setUploading(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        void upload();
      }}
    >
      <FormField label={t`Image`} error={error} className="sm:flex-1">
        <Input
          ref={input}
          type="file"
          accept={SITE_MEDIA_TYPES.join(',')}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
      </FormField>
      <FormField label={t`Media title`} className="sm:flex-1">
        <Input value={title} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      {dataUrl && file && (
        <img
          src={dataUrl}
          alt={file.name}
          className="size-16 shrink-0 rounded-md border border-border object-cover"
        />
      )}
      <Button type="submit" className="h-10 md:h-9" loading={uploading}>
        <Upload className="size-4" aria-hidden />
        <Trans>Upload</Trans>
      </Button>
    </form>
  );
}
