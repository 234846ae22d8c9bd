import type { GiftId } from '@contract/chat';

/** A gift's icon, shipped in src/web/public/gifts (issue 9 §3). */
export function GiftImage({ id, size = 64 }: { id: GiftId; size?: number }) {
  return (
    <img src={`/gifts/${id}.svg`} alt="" width={size} height={size} className="flex-shrink-0" />
  );
}
