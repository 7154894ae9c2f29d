import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { limits, reportCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { useToken } from '../../api/token';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextArea } from '../../ui/TextArea';
import { showToast } from '../../ui/toastStore';
import { reportReasonValid } from './reportRules';

interface ReportModalProps {
  postId: string;
  /** The spec's texts name a video; a picture post's modal says post instead. */
  kind: 'video' | 'image';
  onClose: () => void;
  onReported: () => void;
}

export function ReportModal({ postId, kind, onClose, onReported }: ReportModalProps) {
  const { t } = useTranslation();
  const context = kind === 'image' ? 'post' : undefined;
  const token = useToken();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const report = useMutation({
    mutationFn: () =>
      request(reportCalls.create, { body: { videoId: postId, reason: reason.trim() } }),
    onSuccess: () => {
      showToast('success', t('report.success', { context }));
      onReported();
      onClose();
    },
    onError: (error) =>
      showToast('error', errorText(error, context ? `report.failed_${context}` : 'report.failed')),
  });
  const valid = reportReasonValid(reason);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid || report.isPending) return;
    if (!token) {
      showToast('error', t('report.login', { context }));
      return;
    }
    report.mutate();
  }

  return (
    <Modal
      title={t('report.title', { context })}
      subtitle={t('report.subtitle', { context })}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <TextArea
          label={t('report.reason')}
          value={reason}
          required
          rows={4}
          maxLength={limits.reportReasonMax}
          placeholder={t('report.placeholder')}
          error={touched && !valid ? t('report.required') : null}
          counter={t('report.counter', { count: reason.length, max: limits.reportReasonMax })}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" disabled={!valid || report.isPending} loading={report.isPending}>
            {report.isPending ? t('report.submitting') : t('report.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
