import { defaultProfileImage } from '@saathi/contract';

interface AvatarProps {
  src: string | undefined;
  className?: string;
}

/** A profile photo that falls back to the default picture when missing or broken. */
export function Avatar({ src, className = 'size-10' }: AvatarProps) {
  return (
    <img
      src={src || defaultProfileImage}
      alt=""
      loading="lazy"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(defaultProfileImage)) img.src = defaultProfileImage;
      }}
      className={`shrink-0 rounded-full bg-stone-200 object-cover ${className}`}
    />
  );
}
