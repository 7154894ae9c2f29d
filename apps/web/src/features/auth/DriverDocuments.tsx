import { useTranslation } from 'react-i18next';
import { driverDocumentFields, type DriverDocumentField } from '@saathi/contract';
import { DocumentPicker } from './DocumentPicker';
import type { useDocuments } from './useDocuments';

const documentLabels = {
  aadharFile: 'auth.driverRegister.aadharFront',
  aadharFileBack: 'auth.driverRegister.aadharBack',
  DrivingLicense: 'auth.driverRegister.licence',
} as const satisfies Record<DriverDocumentField, string>;

interface DriverDocumentsProps {
  documents: ReturnType<typeof useDocuments>;
  /** After a submit without them, the missing photos say so. */
  showMissing: boolean;
  busy: boolean;
}

/** The identity photos only driver sign-up asks for (Aadhaar both sides, driving licence). */
export function DriverDocuments({ documents, showMissing, busy }: DriverDocumentsProps) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="pt-2 text-lg font-bold text-stone-900">
        {t('auth.driverRegister.documents')}
      </h2>
      <p className="-mt-3 text-sm text-stone-600">{t('auth.driverRegister.documentsHint')}</p>
      {driverDocumentFields.map((field) => {
        const code =
          documents.errors[field] ??
          (showMissing && documents.missing.includes(field) ? 'documents_required' : undefined);
        return (
          <DocumentPicker
            key={field}
            label={t(documentLabels[field])}
            preview={documents.documents[field]?.preview ?? null}
            busy={documents.busy === field || busy}
            error={code && t(`errors.${code}`)}
            onPick={(file) => void documents.pick(field, file)}
            onRemove={() => documents.remove(field)}
          />
        );
      })}
    </>
  );
}
