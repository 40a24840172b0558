import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { ProductPicture } from '@/shared/ui/product-picture';
import { PICTURE_TYPES, pictureFileError, usePictureLibrary, useUploadPicture } from './api/product-pictures';

export interface PictureFieldProps {
  /** From the form: the product's imageUrl. */
  value?: string;
  onChange?: (value: string) => void;
  /** From the form: the label's target. */
  id?: string;
}

/**
 * The product's picture: upload one (PNG, JPEG or WebP, at most 5 MB), pick one uploaded before, or type a
 * path on the site. An upload fills the address in; the preview shows what the shop will show.
 */
export function PictureField({ value = '', onChange, id }: PictureFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture();
  const [libraryOpen, setLibraryOpen] = useState(false);
  const library = usePictureLibrary(libraryOpen);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const send = (file: File) => {
    setDone(null);
    const refused = pictureFileError(file);
    setProblem(refused);
    if (refused !== null) return;
    upload.mutate(file, {
      onSuccess: (picture) => {
        onChange?.(picture.url);
        setDone(`Uploaded ${file.name} (${picture.width} × ${picture.height})`);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const shown = value.trim();
  return (
    <div className="picture-field">
      <div className="picture-field__preview" aria-hidden={shown === ''}>
        {shown === '' ? (
          <PictureOutlined aria-hidden />
        ) : (
          <ProductPicture src={shown} sizes="64px" alt="The picture the shop will show" width={64} height={106} />
        )}
      </div>
      <div className="picture-field__controls">
        <div className="picture-field__actions">
          <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending} onClick={() => input.current?.click()}>
            Upload picture
          </Button>
          <input
            ref={input}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            hidden
            aria-label="Picture file"
            data-testid="picture-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send(file);
            }}
          />
          <Select
            aria-label="Uploaded pictures"
            placeholder="Uploaded pictures"
            className="picture-field__library"
            value={null}
            open={libraryOpen}
            onOpenChange={setLibraryOpen}
            loading={library.isFetching}
            notFoundContent={library.isFetching ? 'Loading…' : 'No picture uploaded yet'}
            onChange={(url: string | null) => {
              if (url !== null) onChange?.(url);
              setLibraryOpen(false);
            }}
            popupMatchSelectWidth={false}
            options={(library.data ?? []).map((picture) => ({
              value: picture.url,
              label: (
                <span className="picture-field__option">
                  <img src={picture.variants[0]?.url ?? picture.url} alt="" width={24} height={40} loading="lazy" />
                  {picture.fileName ?? `Uploaded ${perthDateTime(picture.uploadedAt)}`}
                </span>
              ),
            }))}
          />
        </div>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          type="url"
          placeholder="/cans/quokka-pale-ale.svg"
        />
        {problem !== null ? (
          <div role="alert" className="picture-field__error">
            {problem}
          </div>
        ) : done !== null ? (
          <div role="status" className="picture-field__done">
            {done}
          </div>
        ) : null}
      </div>
    </div>
  );
}
