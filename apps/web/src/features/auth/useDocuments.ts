import { useState } from 'react';
import {
  driverDocumentFields,
  limits,
  type DriverDocumentField,
  type MessageCode,
} from '@saathi/contract';
import { shrinkImage } from '../../ui/shrinkImage';

export interface PickedDocument {
  file: File;
  preview: string;
}

type Documents = Record<DriverDocumentField, PickedDocument | null>;
type DocumentErrors = Partial<Record<DriverDocumentField, MessageCode>>;

const empty: Documents = { aadharFile: null, aadharFileBack: null, DrivingLicense: null };

/** The three identity photos of driver sign-up, checked for type and size as they are picked. */
export function useDocuments() {
  const [documents, setDocuments] = useState<Documents>(empty);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [busy, setBusy] = useState<DriverDocumentField | null>(null);

  function setError(field: DriverDocumentField, code: MessageCode | undefined) {
    setErrors((current) => ({ ...current, [field]: code }));
  }

  function replace(field: DriverDocumentField, next: PickedDocument | null) {
    const previous = documents[field];
    if (previous) URL.revokeObjectURL(previous.preview);
    setDocuments((current) => ({ ...current, [field]: next }));
  }

  async function pick(field: DriverDocumentField, file: File) {
    if (!file.type.startsWith('image/')) {
      setError(field, 'document_not_image');
      return;
    }
    setBusy(field);
    const prepared = await shrinkImage(file);
    setBusy(null);
    if (prepared.size > limits.identityImageMaxBytes) {
      setError(field, 'file_too_large');
      return;
    }
    setError(field, undefined);
    replace(field, { file: prepared, preview: URL.createObjectURL(prepared) });
  }

  const missing = driverDocumentFields.filter((field) => documents[field] === null);
  return {
    documents,
    errors,
    busy,
    pick,
    remove: (field: DriverDocumentField) => replace(field, null),
    missing,
  };
}
