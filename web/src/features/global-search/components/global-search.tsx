/**
 * The header's global search (issue 28; spec part 1 §2 Dashboard, 'Search patients, medications...'), on every
 * signed-in screen: a WAI-ARIA combobox (role=combobox with aria-expanded, aria-controls, aria-activedescendant; a
 * listbox of groups — Prescriptions, Patients, Medications, Prescribers — each labelled, options inside). `/` (outside
 * any field) or Ctrl+K (⌘K) focuses it from anywhere; ArrowDown/ArrowUp move through every option; Enter opens the
 * active one, or with none active the first of the answer to what is typed now (asked at once if the debounce has not
 * yet: an Rx number typed whole and Enter opens that prescription); Escape closes the list, a second one clears it.
 * The database is asked once typing stops (300 ms, useSearchTerm), never for fewer than 2 characters. Where a result
 * leads is the caller's (the app's routes): this feature only says what was chosen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { localDateIn } from '@pharmacy/shared/common/dates.ts';
import { SEARCH_MAX_LENGTH } from '@pharmacy/shared/common/search.ts';
import { globalSearchTerms } from '@pharmacy/shared/search/global-search-terms.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { searchEverythingQueryOptions, useSearchEverything } from '../api/search-everything.ts';
import { searchGroups, type GlobalSearchTarget, type SearchOption } from './search-options.ts';

export interface GlobalSearchProps {
  pharmacyId: string;
  onOpen: (target: GlobalSearchTarget) => void;
}

/** Typing goes to the field: `/` there is a character, not the shortcut. */
function isTypingField(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
    || (element instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(element.type));
}

function searchableText(text: string): boolean {
  return globalSearchTerms(text, localDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date())).searchable;
}

export function GlobalSearch({ pharmacyId, onOpen }: GlobalSearchProps) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { term, settling } = useSearchTerm(text);
  const searchable = text.length <= SEARCH_MAX_LENGTH && searchableText(text);
  const termSearchable = term.length <= SEARCH_MAX_LENGTH && searchableText(term);
  const results = useSearchEverything(pharmacyId, term, termSearchable);
  // The last answer stays shown while the next is asked for (keepPreviousData), so the list does not flicker.
  const groups = searchable && results.data ? searchGroups(results.data) : [];
  const options = groups.flatMap((group) => group.options);
  const showList = open && searchable && options.length > 0;
  const activeIndex = showList && active < options.length ? active : -1;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const ctrlK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingField(event.target);
      if (!ctrlK && !slash) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
      setOpen(true);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function choose(option: SearchOption) {
    setOpen(false);
    setActive(-1);
    setText('');
    inputRef.current?.blur();
    onOpen(option.target);
  }

  /** Enter with no option active: the first result of what is typed now, asked for at once if need be. */
  async function openFirst() {
    const query = text.trim();
    if (!searchable) return;
    setOpening(true);
    setFailure(null);
    try {
      const answer = await queryClient.fetchQuery(searchEverythingQueryOptions(pharmacyId, query));
      const first = searchGroups(answer).flatMap((group) => group.options)[0];
      if (first) choose(first);
      else setOpen(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setOpening(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (showList) setActive((activeIndex + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (showList) setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
        break;
      case 'Enter':
        event.preventDefault();
        if (activeIndex >= 0) choose(options[activeIndex]!);
        else void openFirst();
        break;
      case 'Escape':
        event.preventDefault();
        if (open && (showList || text !== '')) {
          setOpen(false);
          setActive(-1);
        } else {
          setText('');
        }
        break;
    }
  }

  let status: string | null = null;
  if (!open || text.trim() === '') status = null;
  else if (!searchable) status = 'Type at least 2 characters';
  else if (failure ?? results.error) status = 'The search could not be run';
  else if (opening || settling || (results.isFetching && options.length === 0)) status = 'Searching…';
  else if (results.isSuccess && options.length === 0) status = `Nothing matches “${text.trim()}”`;

  return (
    <div className="relative w-full sm:w-80">
      <label htmlFor={inputId} className="sr-only">
        Search patients, medications, prescriptions and prescribers
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        className="input input-sm w-full"
        placeholder="Search patients, medications..."
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-keyshortcuts="/ Control+K"
        aria-busy={settling || results.isFetching || opening}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          setFailure(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <kbd className="kbd kbd-sm pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 sm:inline-flex" aria-hidden="true">
        Ctrl K
      </kbd>
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!showList}
        className="absolute top-full right-0 z-50 mt-1 max-h-[28rem] w-full min-w-80 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {showList
          ? groups.map((group) => {
              const headingId = `${baseId}-${group.kind}`;
              return (
                <div key={group.kind} role="presentation">
                  <div id={headingId} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-base-content/60">
                    {group.title}
                  </div>
                  <div role="group" aria-labelledby={headingId}>
                    {group.options.map((option) => {
                      const index = options.indexOf(option);
                      const isActive = index === activeIndex;
                      return (
                        <div
                          key={option.key}
                          id={optionId(index)}
                          role="option"
                          aria-selected={isActive}
                          className={`cursor-pointer rounded px-3 py-2 ${isActive ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                          // Chosen before the input's blur closes the list.
                          onMouseDown={(event) => {
                            event.preventDefault();
                            choose(option);
                          }}
                          onMouseEnter={() => setActive(index)}
                        >
                          <span className="block text-sm">{option.label}</span>
                          <span className={`block text-xs ${isActive ? '' : 'text-base-content/70'}`}>{option.detail}</span>
                        </div>
                      );
                    })}
                  </div>
                </div>
              );
            })
          : null}
      </div>
      {status !== null ? (
        <p role="status" className="absolute top-full right-0 z-50 mt-1 w-full min-w-80 rounded-box border border-base-300 bg-base-100 px-3 py-2 text-sm shadow-lg">
          {status}
        </p>
      ) : null}
    </div>
  );
}
