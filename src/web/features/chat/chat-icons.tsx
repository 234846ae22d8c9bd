// Line icons drawn for the chat (16 × 16 grid, stroked in the text colour, no request).
const PATHS = {
  trash: 'M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.7 6.5v4.5M9.3 6.5v4.5',
  gift: 'M2 6.5h12v2.5H2zM3 9v5h10V9M8 6.5V14M8 6.5C6 6.5 4.2 5.6 4.6 4.1 5.1 2.5 7.4 3.5 8 6.5zM8 6.5c2 0 3.8-.9 3.4-2.4C10.9 2.5 8.6 3.5 8 6.5z',
  send: 'M1.8 7.6 14.2 2 10.6 14.2 7.6 8.8zM7.6 8.8 14.2 2',
  image:
    'M1.5 3h13v10h-13zM1.5 11.2 5.2 7.5l3 3 2-2 4.3 4.3M11.7 5.8a1.2 1.2 0 1 1-2.4 0 1.2 1.2 0 1 1 2.4 0',
  check: 'M3 8.5 6.2 11.7 13 4.9',
  'check-double': 'M.8 8.6 3.8 11.6 10.4 5M6.6 11.2l.5.4L13.6 5',
  flag: 'M3.5 15V1.5M3.5 2.5h9l-2 3 2 3h-9',
  eye: 'M.8 8S3.4 3 8 3s7.2 5 7.2 5-2.6 5-7.2 5S.8 8 .8 8zM10.2 8a2.2 2.2 0 1 1-4.4 0 2.2 2.2 0 1 1 4.4 0',
  'eye-off':
    'M2 2l12 12M6.3 3.3C6.9 3.1 7.4 3 8 3c4.6 0 7.2 5 7.2 5s-.8 1.5-2.3 2.9M10.6 12.5c-.8.3-1.7.5-2.6.5C3.4 13 .8 8 .8 8s1-1.9 2.8-3.3M6.5 6.5a2.2 2.2 0 0 0 3 3',
  dots: 'M3 8h.01M8 8h.01M13 8h.01',
  retry: 'M13.5 8a5.5 5.5 0 1 1-1.6-3.9M12.5 1.5v3h-3',
  clock: 'M14.5 8a6.5 6.5 0 1 1-13 0 6.5 6.5 0 1 1 13 0M8 4.2V8l2.6 1.6',
} as const;

export type ChatIconName = keyof typeof PATHS;

export function ChatIcon({ name, size = 18 }: { name: ChatIconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'dots' ? 2.6 : 1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="flex-shrink-0"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
