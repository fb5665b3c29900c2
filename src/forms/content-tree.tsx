/**
 * A tool's `structuredContent` as a collapsible tree (WAI-ARIA tree view
 * pattern: `role="tree"`, `treeitem`s with `aria-expanded`, `aria-level`,
 * `aria-setsize`, `aria-posinset`; one tab stop, arrow keys, Home, End,
 * Enter). Built lazily: a collapsed item renders none of its children, and a
 * long object or array shows its first {@link TREE_PAGE} entries with a
 * "Show more" item. Only the root level is open at first, so a value of any
 * depth or size costs about one page of elements until the person opens more
 * (a value nested 10,000 deep is two items).
 *
 * Keys and strings are server text: keys are shown as the inside of their
 * JSON literal and strings as JSON literals, both with invisible and
 * reordering characters escaped (`\u202E`, `\u200B`: `format-chars.ts`),
 * as in the raw JSON next to the tree, so a key cannot pose as another or
 * reorder its row; values sit in `<bdi dir="auto">`, and nothing of the
 * value is called (no `toJSON`, no `toString`).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { displayText } from '../core/index.js'
import { escapeInvisible, visibleJsonString } from './format-chars.js'
import type { resultTexts } from './texts/result.js'
import type { PartTexts } from './texts/resolve.js'

/** The tree reads the result renderer's own texts only. */
type TreeTexts = PartTexts<[typeof resultTexts]>

/** Entries of an object or array shown per page. */
export const TREE_PAGE = 100
/** Strings longer than this are cut until their item is expanded. */
export const TREE_STRING_CUT = 200

type Kind = 'object' | 'array' | 'long-string' | 'leaf'

function kindOf(value: unknown): Kind {
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'object' && value !== null) return 'object'
  if (typeof value === 'string' && value.length > TREE_STRING_CUT) return 'long-string'
  return 'leaf'
}

function sizeOf(value: unknown, kind: Kind): number {
  if (kind === 'array') return (value as unknown[]).length
  if (kind === 'object') return Object.keys(value as object).length
  return 0
}

export interface JsonTreeProps {
  value: unknown
  text: TreeTexts
  className?: string | undefined
}

/** Moves the single tab stop to `item` and focuses it. */
function focusItem(tree: HTMLElement | null, item: HTMLElement | null | undefined) {
  if (!tree || !item) return
  for (const other of tree.querySelectorAll<HTMLElement>('[role="treeitem"][tabindex="0"]')) if (other !== item) other.tabIndex = -1
  item.tabIndex = 0
  item.focus()
}

const itemsOf = (tree: HTMLElement) => [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')]

export function JsonTree({ value, text, className }: JsonTreeProps) {
  const ref = useRef<HTMLUListElement>(null)

  // Up, Down, Home, End: across every rendered item (collapsed children are not rendered, so all are visible).
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const tree = ref.current
    const current = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')
    if (!tree || !current) return
    const items = itemsOf(tree)
    const index = items.indexOf(current)
    let next: HTMLElement | undefined
    if (event.key === 'ArrowDown') next = items[index + 1]
    else if (event.key === 'ArrowUp') next = items[index - 1]
    else if (event.key === 'Home') next = items[0]
    else if (event.key === 'End') next = items[items.length - 1]
    else return
    event.preventDefault()
    focusItem(tree, next)
  }

  // A click or a screen reader's focus moves the tab stop too.
  const onFocus = (event: { target: EventTarget }) => {
    const item = event.target as HTMLElement
    if (item.getAttribute('role') === 'treeitem' && item.tabIndex !== 0) focusItem(ref.current, item)
  }

  return (
    <ul ref={ref} role="tree" aria-label={text.resultTreeLabel} className={['mcp-elicit-tree', className].filter(Boolean).join(' ')} onKeyDown={onKeyDown} onFocus={onFocus}>
      <TreeNode name={undefined} value={value} level={1} posinset={1} setsize={1} first text={text} treeRef={ref} />
    </ul>
  )
}

interface TreeNodeProps {
  /** Key in the parent object, index in the parent array, nothing for the root. */
  name: string | number | undefined
  value: unknown
  level: number
  posinset: number
  setsize: number
  /** The tree's one tab stop at first. */
  first?: boolean
  text: TreeTexts
  treeRef: { current: HTMLElement | null }
}

function TreeNode({ name, value, level, posinset, setsize, first, text, treeRef }: TreeNodeProps) {
  const kind = kindOf(value)
  const size = sizeOf(value, kind)
  const expandable = kind === 'long-string' || size > 0
  const [expanded, setExpanded] = useState(level === 1 && expandable && kind !== 'long-string')
  const itemRef = useRef<HTMLLIElement>(null)
  const labelId = `mcp-elicit-tree-${useId().replace(/[^a-zA-Z0-9]/g, '')}`

  const toggle = (open: boolean) => {
    if (!expandable || open === expanded) return
    setExpanded(open)
    const item = itemRef.current
    // Closing removes the children: the tab stop (or focus) must not go with them.
    if (!open && item && (item.querySelector('[tabindex="0"]') || item.contains(document.activeElement))) focusItem(treeRef.current, item)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return
    const item = event.currentTarget
    if (event.key === 'ArrowRight') {
      event.preventDefault()
      if (expandable && !expanded) toggle(true)
      else if (expanded) focusItem(treeRef.current, item.querySelector<HTMLElement>(':scope > [role="group"] > [role="treeitem"]'))
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      if (expanded) toggle(false)
      else focusItem(treeRef.current, item.parentElement?.closest<HTMLElement>('[role="treeitem"]'))
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      toggle(!expanded)
    }
  }

  return (
    <li
      ref={itemRef}
      role="treeitem"
      className="mcp-elicit-tree-item"
      data-kind={kind}
      aria-level={level}
      aria-posinset={posinset}
      aria-setsize={setsize}
      aria-expanded={expandable ? expanded : undefined}
      // Named by its content (the row, then what is open under it): a name from the row alone
      // would hide the visible text of its children from it (WCAG 2.5.3, axe label-content-name-mismatch).
      tabIndex={first ? 0 : -1}
      onKeyDown={onKeyDown}
    >
      <span
        id={labelId}
        className="mcp-elicit-tree-row"
        onClick={() => {
          toggle(!expanded)
          focusItem(treeRef.current, itemRef.current)
        }}
      >
        {name !== undefined && (
          <>
            <bdi className="mcp-elicit-tree-key">{typeof name === 'number' ? name : visibleJsonString(name).slice(1, -1)}</bdi>
            {': '}
          </>
        )}
        <Summary value={value} kind={kind} size={size} expanded={expanded} text={text} />
      </span>
      {expanded && (kind === 'long-string' ? (
        <ul role="group">
          <li role="treeitem" className="mcp-elicit-tree-item mcp-elicit-tree-text" aria-level={level + 1} aria-posinset={1} aria-setsize={1} tabIndex={-1} dir="auto">
            {/* The whole text, line breaks kept; only what would be invisible is escaped. */}
            {escapeInvisible(value as string)}
          </li>
        </ul>
      ) : (
        <Children value={value} kind={kind} size={size} level={level + 1} text={text} treeRef={treeRef} />
      ))}
    </li>
  )
}

function Summary({ value, kind, size, expanded, text }: { value: unknown; kind: Kind; size: number; expanded: boolean; text: TreeTexts }): ReactNode {
  if (kind === 'object' || kind === 'array') {
    const [open, close] = kind === 'array' ? ['[', ']'] : ['{', '}']
    return (
      <span className="mcp-elicit-tree-summary" data-type={kind}>
        {size === 0 ? open + close : expanded ? open : `${open}…${close}`}{' '}
        <span className="mcp-elicit-tree-count">{kind === 'array' ? text.resultTreeItems(size) : text.resultTreeKeys(size)}</span>
      </span>
    )
  }
  if (kind === 'long-string') {
    return (
      <>
        <bdi dir="auto" className="mcp-elicit-tree-value" data-type="string">
          {visibleJsonString((value as string).slice(0, TREE_STRING_CUT)).slice(0, -1)}…
        </bdi>{' '}
        <span className="mcp-elicit-tree-count">{text.resultTreeLongText((value as string).length)}</span>
      </>
    )
  }
  const type = value === null ? 'null' : typeof value
  return (
    <bdi dir="auto" className="mcp-elicit-tree-value" data-type={type}>
      {typeof value === 'string' ? visibleJsonString(value) : value === null ? 'null' : displayText(value)}
    </bdi>
  )
}

function Children({ value, kind, size, level, text, treeRef }: { value: unknown; kind: Kind; size: number; level: number; text: TreeTexts; treeRef: { current: HTMLElement | null } }) {
  const [shown, setShown] = useState(Math.min(size, TREE_PAGE))
  const groupRef = useRef<HTMLUListElement>(null)
  const focusAt = useRef<number | undefined>(undefined)
  // Keys only of an open object; an array is indexed, never copied.
  const [keys] = useState(() => (kind === 'object' ? Object.keys(value as object) : undefined))

  useEffect(() => {
    if (focusAt.current === undefined) return
    focusItem(treeRef.current, groupRef.current?.children[focusAt.current] as HTMLElement | undefined)
    focusAt.current = undefined
  }, [shown])

  const more = () => {
    focusAt.current = shown
    setShown(Math.min(size, shown + TREE_PAGE))
  }

  const items: ReactNode[] = []
  for (let index = 0; index < shown; index++) {
    const name = keys ? keys[index]! : index
    const child = keys ? (value as Record<string, unknown>)[name] : (value as unknown[])[index]
    items.push(<TreeNode key={index} name={name} value={child} level={level} posinset={index + 1} setsize={size} text={text} treeRef={treeRef} />)
  }
  return (
    <ul role="group" ref={groupRef}>
      {items}
      {shown < size && (
        <li
          role="treeitem"
          className="mcp-elicit-tree-item mcp-elicit-tree-more"
          data-more=""
          aria-level={level}
          tabIndex={-1}
          onClick={more}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return
            event.preventDefault()
            more()
          }}
        >
          <span className="mcp-elicit-more">{text.resultTreeMore(shown, size)}</span>
        </li>
      )}
    </ul>
  )
}
