import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface MenuDropdownProps {
  /** What the toggle button shows. */
  toggle: ReactNode;
  toggleClassName?: string;
  /** The toggle's accessible name, when its content alone does not say it. */
  toggleLabel?: string;
  align?: 'start' | 'end';
  /** Classes of the menu's root beside `dropdown` (the tab bar places its menus by them). */
  className?: string;
  /** The toggle is marked as the current item of its navigation (one of its pages is open). */
  current?: boolean;
  /** Items with the `dropdown-item` class (links or buttons); choosing one closes the menu. */
  children: ReactNode;
}

const itemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);

/**
 * A Bootstrap-styled dropdown without react-bootstrap and Popper: the top navigation's menus
 * open below their button, so no positioning engine is needed, and the first page load stays
 * small (issue 25 item 6). Keyboard: arrow keys move between items, Escape closes and gives
 * focus back to the button; a click outside or leaving with Tab closes it.
 */
export function MenuDropdown({
  toggle,
  toggleClassName = '',
  toggleLabel,
  align = 'start',
  className = '',
  current = false,
  children,
}: MenuDropdownProps) {
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  useEffect(() => {
    if (open && focusFirst) itemsOf(menuRef.current)[0]?.focus();
  }, [open, focusFirst]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      setFocusFirst(true);
      setOpen(true);
      return;
    }
    const items = itemsOf(menuRef.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className={`dropdown ${className}`.trim()}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={toggleRef}
        id={id}
        type="button"
        className={`dropdown-toggle btn btn-link ${toggleClassName}`}
        aria-expanded={open}
        aria-label={toggleLabel}
        aria-current={current ? 'true' : undefined}
        onClick={() => {
          setFocusFirst(false);
          setOpen(!open);
        }}
      >
        {toggle}
      </button>
      {open && (
        <div
          ref={menuRef}
          className={`dropdown-menu show${align === 'end' ? ' dropdown-menu-end' : ''}`}
          data-bs-popper="static"
          aria-labelledby={id}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('.dropdown-item')) close(false);
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
