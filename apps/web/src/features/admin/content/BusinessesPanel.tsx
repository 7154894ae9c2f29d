import { useTranslation } from 'react-i18next';
import { categoryLabel } from '../../directory';
import { Badge } from '../../../ui/Badge';
import { BusinessForm } from './BusinessForm';
import { ContentPanel } from './ContentPanel';
import { useAdminBusinesses, useDeleteBusiness } from './contentApi';

/** Every business partner, inactive ones too, with add, edit and delete. */
export function BusinessesPanel() {
  const { t } = useTranslation('admin-content');
  const { t: tDirectory } = useTranslation('directory');
  const list = useAdminBusinesses();
  return (
    <ContentPanel
      list={list}
      items={list.data?.businesses}
      addLabel={t('business.add')}
      emptyText={t('business.empty')}
      listClassName="flex flex-col gap-2"
      deleteTitle={(b) => t('business.deleteTitle', { name: b.name })}
      remove={useDeleteBusiness()}
      renderForm={(business, onClose) => <BusinessForm business={business} onClose={onClose} />}
      renderItem={(b, actions) => (
        <li
          key={b._id}
          className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-3"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-bold">{b.name}</span>
            {b.nameHi && (
              <span lang="hi" className="text-lg">
                {b.nameHi}
              </span>
            )}
            <Badge tone={b.status === 'active' ? 'green' : 'grey'}>
              {t(`business.${b.status}`)}
            </Badge>
            <Badge tone="sky">{categoryLabel(b.category, tDirectory)}</Badge>
          </div>
          {b.description && <p className="text-stone-700">{b.description}</p>}
          <p className="text-sm text-stone-600">
            {[b.phone, b.email, b.address].filter(Boolean).join(' · ')}
          </p>
          {actions}
        </li>
      )}
    />
  );
}
