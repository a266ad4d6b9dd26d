/**
 * ARIA tabs (WAI-ARIA Authoring Practices, automatic activation): a tablist of tab buttons, each with
 * aria-selected, the selected one with aria-controls naming its panel (the only panel on the page), and the selected tab's panel labelled by its tab. Only the
 * selected tab is in the Tab order (roving tabindex); ArrowLeft/ArrowRight move to the previous/next enabled tab
 * (wrapping), Home/End to the first/last, and the tab moved to is selected. `TabList` and `TabPanel` share a
 * `baseId`, so a screen can put other controls between them.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  disabled?: boolean;
}

export function tabId(baseId: string, id: string): string {
  return `${baseId}-tab-${id}`;
}

export function tabPanelId(baseId: string, id: string): string {
  return `${baseId}-panel-${id}`;
}

export interface TabListProps<Id extends string> {
  baseId: string;
  /** The tablist's accessible name. */
  label?: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** daisyUI tabs style: `tabs-box`, `tabs-border`. */
  variant?: 'tabs-box' | 'tabs-border';
  /** Each tab stretches to share the row. */
  fill?: boolean;
  /** Extra classes of the tablist (e.g. a grid of two columns on narrow screens). */
  className?: string;
}

export function TabList<Id extends string>({ baseId, label, items, selected, onSelect, variant = 'tabs-box', fill = false, className = '' }: TabListProps<Id>) {
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items.filter((item) => !item.disabled);
    if (enabled.length === 0) return;
    const at = enabled.findIndex((item) => item.id === selected);
    let next: TabItem<Id> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(at + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={`tabs ${variant} ${className}`} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabRefs.current.set(item.id, element);
              else tabRefs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={tabId(baseId, item.id)}
            aria-selected={isSelected}
            // Only the selected tab's panel is on the page; an id that names nothing is invalid ARIA.
            aria-controls={isSelected ? tabPanelId(baseId, item.id) : undefined}
            tabIndex={isSelected ? 0 : -1}
            disabled={item.disabled}
            className={`tab ${fill ? 'flex-1' : ''} ${isSelected ? 'tab-active' : ''}`}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  baseId: string;
  /** The selected tab, whose panel this is. */
  selected: string;
  className?: string;
  children: ReactNode;
}

export function TabPanel({ baseId, selected, className, children }: TabPanelProps) {
  return (
    <div role="tabpanel" id={tabPanelId(baseId, selected)} aria-labelledby={tabId(baseId, selected)} className={className}>
      {children}
    </div>
  );
}
