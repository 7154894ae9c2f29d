import { useTranslation } from 'react-i18next';
import type { DriverCard } from '@saathi/contract';
import { face, lineWidth, type FrontText } from './cardFace';
import { QrCode } from './QrCode';

const px = (value: number) => `${value}px`;

/** The front at its real 340 x 216 px, placed by the same numbers the PNG is drawn with. */
export function CardFront({ card, text }: { card: DriverCard; text: FrontText }) {
  const { t } = useTranslation('idcard');
  const { colors } = face;
  const line = (top: number, height = 16) => ({
    position: 'absolute' as const,
    left: px(face.text.x),
    top: px(top - height / 2),
    width: px(lineWidth(top)),
    height: px(height),
    lineHeight: px(height),
  });
  return (
    <div
      data-testid="card-front"
      aria-label={t('card.front')}
      role="group"
      className="relative overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-stone-200"
      style={{ width: px(face.width), height: px(face.height), fontFamily: face.font }}
    >
      <div
        className="absolute inset-x-0 top-0 flex items-center justify-between px-3 text-white"
        style={{ height: px(face.headerHeight), background: colors.brand }}
      >
        <span className="text-[20px] font-bold">{text.brand}</span>
        <span className="text-[12px] font-bold">{text.heading}</span>
      </div>
      <img
        src={card.photoUrl}
        alt={t('card.photoAlt', { name: card.name })}
        className="absolute bg-stone-200 object-cover"
        style={{
          left: px(face.photo.x),
          top: px(face.photo.y),
          width: px(face.photo.width),
          height: px(face.photo.height),
          border: `1.5px solid ${colors.brand}`,
        }}
      />
      <p
        className="truncate text-[15px] font-bold"
        style={{ ...line(face.text.nameY, 20), color: colors.ink }}
      >
        {text.name}
      </p>
      <p
        className="truncate text-[12px]"
        style={{ ...line(face.text.designationY), color: colors.muted }}
      >
        {text.designation}
      </p>
      {text.rows.map(([label, value], index) => (
        <p
          key={label}
          className="truncate text-[12px]"
          style={{ ...line(face.text.firstRowY + index * face.text.rowGap), color: colors.muted }}
        >
          {label}: <b style={{ color: colors.ink }}>{value}</b>
        </p>
      ))}
      <p
        className="truncate text-[11px]"
        style={{
          ...line(face.validTillY),
          color: colors.muted,
        }}
      >
        {text.validTill}
      </p>
      <div className="absolute" style={{ left: px(face.qr.x), top: px(face.qr.y) }}>
        <QrCode
          text={card.verifyUrl}
          size={face.qr.size}
          label={t('card.qrAlt', { cardNo: card.cardNo })}
        />
      </div>
      <p
        className="absolute text-center text-[12px] font-bold"
        style={{
          left: px(face.qr.x - 10),
          width: px(face.qr.size + 20),
          top: px(face.qr.label - 8),
          lineHeight: px(16),
          color: colors.ink,
        }}
      >
        {text.cardNo}
      </p>
      <p
        data-testid="card-validity"
        className="absolute inset-x-0 text-center text-[15px] font-bold"
        style={{
          top: px(face.bar.y),
          height: px(face.bar.height),
          lineHeight: px(face.bar.height),
          background: text.valid ? colors.validBack : colors.expiredBack,
          color: text.valid ? colors.validInk : colors.expiredInk,
        }}
      >
        {text.validity}
      </p>
    </div>
  );
}
