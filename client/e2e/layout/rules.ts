/*
 * The layout rules of the layout check (../layout.e2e.test.ts), run inside the page by `page.evaluate`: each
 * function is sent to the browser as source text, so it must not use anything from outside its own body.
 *
 * What "interactive" means here: links, buttons, form controls and elements with an interactive ARIA role or a
 * tab stop. Only visible ones count (rendered, not transparent, at least 2×2 px after the clipping of scrolling
 * ancestors), and while a modal dialog is open only those inside the topmost one (the page behind it is inert).
 */

/** One broken rule: which rule, the element (and the other one for an overlap), and the figures. */
export interface LayoutProblem {
  rule:
    | 'overlap'
    | 'outside-container'
    | 'outside-viewport'
    | 'page-scrolls-sideways'
    | 'centre-click'
    | 'chrome-height'
  element: string
  other?: string
  detail: string
}

export interface LayoutRuleOptions {
  /**
   * A selector for the part to check while a non-modal layer is open (a popover menu): what it covers of the page
   * is covered on purpose. Unset: the topmost modal dialog, or else the whole page.
   */
  scope?: string
  /**
   * The most of the viewport's height that top-pinned chrome (fixed or sticky: header, result counters) may cover
   * once the page is scrolled; checked on pages, not inside dialogs. 0 = not checked.
   */
  maxChromeShare: number
}

/**
 * Finds every broken layout rule on the page as it is now. It scrolls the window (to click-test each element's
 * centre where it is in view) and scrolls back to the top when done.
 */
export function findLayoutProblems({ maxChromeShare, scope: scopeSelector }: LayoutRuleOptions): {
  problems: LayoutProblem[]
  /** How many visible interactive elements were checked (none would mean the check saw nothing). */
  checked: number
} {
  const INTERACTIVE = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="tab"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="menuitem"]',
    '[role="option"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',')
  /** Sub-pixel rounding: boxes that touch may share a fraction of a pixel. */
  const SLACK = 1
  type Box = { left: number; top: number; right: number; bottom: number }
  const problems: LayoutProblem[] = []
  const viewportWidth = document.documentElement.clientWidth
  const viewportHeight = window.innerHeight

  const describe = (el: Element): string => {
    const name =
      el.getAttribute('aria-label') ||
      el.getAttribute('title') ||
      (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) ||
      el.getAttribute('name') ||
      el.getAttribute('placeholder') ||
      ''
    const cls =
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
    return `<${el.tagName.toLowerCase()}${cls}> "${name}"`
  }
  const round = (b: Box) =>
    `${Math.round(b.left)},${Math.round(b.top)} – ${Math.round(b.right)},${Math.round(b.bottom)}`
  const boxOf = (el: Element): Box => {
    const r = el.getBoundingClientRect()
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
  }
  /** The nearest fixed or sticky ancestor (or the element itself): elements move with it when the page scrolls. */
  const layerOf = (el: Element): Element | null => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      const position = getComputedStyle(a).position
      if (position === 'fixed' || position === 'sticky') return a
    }
    return null
  }
  /** The part of the element a person can see: its box cut by every ancestor that clips its overflow. */
  const visibleBox = (el: Element): Box | null => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null
    const box = boxOf(el)
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const style = getComputedStyle(a)
      const clip = a.getBoundingClientRect()
      if (style.overflowX !== 'visible') {
        box.left = Math.max(box.left, clip.left)
        box.right = Math.min(box.right, clip.right)
      }
      if (style.overflowY !== 'visible') {
        box.top = Math.max(box.top, clip.top)
        box.bottom = Math.min(box.bottom, clip.bottom)
      }
      if (style.position === 'fixed') break
    }
    return box.right - box.left >= 2 && box.bottom - box.top >= 2 ? box : null
  }
  /** A text field's own text area: an adornment (a show-password eye) may sit in its padding. */
  const textAreaOf = (el: Element, box: Box): Box => {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return box
    if (['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type))
      return box
    const s = getComputedStyle(el)
    const px = (v: string) => parseFloat(v) || 0
    return {
      left: box.left + px(s.borderLeftWidth) + px(s.paddingLeft),
      right: box.right - px(s.borderRightWidth) - px(s.paddingRight),
      top: box.top,
      bottom: box.bottom,
    }
  }
  /**
   * The box an element is laid out in: the nearest ancestor that draws one (a border, a background, a shadow) or
   * is a table cell or a dialog. Inline ancestors and interactive ones (a card that is itself a link) do not count.
   */
  const containerOf = (el: Element, scope: Element): Element | null => {
    for (let a = el.parentElement; a && a !== scope && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.display === 'inline' || s.display === 'contents' || a.matches(INTERACTIVE)) continue
      const role = a.getAttribute('role')
      if (
        role === 'cell' ||
        role === 'gridcell' ||
        role === 'dialog' ||
        a.tagName === 'TD' ||
        a.tagName === 'TH'
      )
        return a
      const bordered = ['Left', 'Right'].some(
        (side) =>
          parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
          s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
      )
      const painted = s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent'
      if (bordered || painted || s.boxShadow !== 'none') return a
    }
    return null
  }

  // The topmost open modal dialog is the only part a person can use while it is open.
  const modals = [...document.querySelectorAll('[aria-modal="true"], dialog[open]')].filter((d) =>
    d.checkVisibility(),
  )
  const scope =
    (scopeSelector ? document.querySelector(scopeSelector) : null) ?? modals.at(-1) ?? document.body
  const elements = [...scope.querySelectorAll(INTERACTIVE)]
    .filter((el) => !el.closest('[inert], [aria-hidden="true"]'))
    .map((el) => ({ el, box: visibleBox(el), layer: layerOf(el) }))
    .filter((e): e is { el: Element; box: Box; layer: Element | null } => e.box !== null)

  if (document.documentElement.scrollWidth > viewportWidth + SLACK)
    problems.push({
      rule: 'page-scrolls-sideways',
      element: 'html',
      detail: `content is ${document.documentElement.scrollWidth} px wide in a ${viewportWidth} px viewport`,
    })

  for (const { el, box } of elements) {
    if (box.left < -SLACK || box.right > viewportWidth + SLACK)
      problems.push({
        rule: 'outside-viewport',
        element: describe(el),
        detail: `spans x ${Math.round(box.left)}–${Math.round(box.right)} in a ${viewportWidth} px viewport`,
      })
    const container = containerOf(el, scope)
    if (container) {
      const c = boxOf(container)
      if (box.left < c.left - SLACK || box.right > c.right + SLACK)
        problems.push({
          rule: 'outside-container',
          element: describe(el),
          other: describe(container),
          detail: `element x ${Math.round(box.left)}–${Math.round(box.right)}, container x ${Math.round(c.left)}–${Math.round(c.right)}`,
        })
    }
  }

  // Two elements overlap when they move together (same fixed or sticky layer) and neither holds the other.
  for (let i = 0; i < elements.length; i++) {
    const a = elements[i]!
    const aBox = textAreaOf(a.el, a.box)
    for (let j = i + 1; j < elements.length; j++) {
      const b = elements[j]!
      if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue
      const bBox = textAreaOf(b.el, b.box)
      const w = Math.min(aBox.right, bBox.right) - Math.max(aBox.left, bBox.left)
      const h = Math.min(aBox.bottom, bBox.bottom) - Math.max(aBox.top, bBox.top)
      if (w > SLACK && h > SLACK)
        problems.push({
          rule: 'overlap',
          element: describe(a.el),
          other: describe(b.el),
          detail: `${round(aBox)} and ${round(bBox)} share ${Math.round(w)}×${Math.round(h)} px`,
        })
    }
  }

  // A click at the centre of each element reaches it. The window is scrolled in half-viewport steps and each
  // element is tried while its centre is in the middle half of the viewport (the first step also takes the top
  // quarter, the last the bottom one), away from pinned chrome; elements of fixed layers are tried once.
  const scroller = document.scrollingElement ?? document.documentElement
  const maxScroll = Math.max(0, scroller.scrollHeight - viewportHeight)
  const steps: number[] = []
  for (let y = 0; y < maxScroll; y += viewportHeight / 2) steps.push(Math.round(y))
  steps.push(maxScroll)
  const pending = new Set(elements.map((e) => e.el))
  const coveredBy = new Map<Element, Element>()
  steps.forEach((y, index) => {
    window.scrollTo({ top: y, behavior: 'instant' })
    const bandTop = index === 0 ? 0 : viewportHeight / 4
    const bandBottom = index === steps.length - 1 ? viewportHeight : (viewportHeight * 3) / 4
    for (const el of [...pending]) {
      const box = visibleBox(el)
      if (!box) continue
      const layer = layerOf(el)
      // A link that wraps onto two lines has its centre between them: a person clicks the middle of a line.
      const lines = el.getClientRects()
      const line = lines.length > 1 ? lines[0]! : null
      const x = line
        ? Math.max(box.left, Math.min(box.right, line.left + line.width / 2))
        : (box.left + box.right) / 2
      const cy = line
        ? Math.max(box.top, Math.min(box.bottom, line.top + line.height / 2))
        : (box.top + box.bottom) / 2
      const fixedLayer = layer !== null && getComputedStyle(layer).position === 'fixed'
      if (x < 0 || x >= viewportWidth || cy < 0 || cy >= viewportHeight) continue
      if (!fixedLayer && (cy < bandTop || cy >= bandBottom)) continue
      const hit = document.elementFromPoint(x, cy)
      const reached =
        hit !== null &&
        (hit === el || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el))
      if (reached) {
        pending.delete(el)
        coveredBy.delete(el)
        continue
      }
      // Covered by pinned chrome that scrolls over the page: another step may show it clear.
      const hitLayer = hit ? layerOf(hit) : null
      if (hit && hitLayer !== null && hitLayer !== layer && !fixedLayer) {
        coveredBy.set(el, hit)
        continue
      }
      pending.delete(el)
      problems.push({
        rule: 'centre-click',
        element: describe(el),
        other: hit ? describe(hit) : 'nothing',
        detail: `a click at ${Math.round(x)},${Math.round(cy)} (scrolled to ${y}) reaches the other element`,
      })
    }
  })
  for (const [el, hit] of coveredBy)
    if (pending.has(el))
      problems.push({
        rule: 'centre-click',
        element: describe(el),
        other: describe(hit),
        detail: 'pinned chrome covers its centre at every scroll position',
      })

  // Pinned chrome (header, result counters) once the page has scrolled: how much of the viewport it covers.
  if (maxChromeShare > 0 && modals.length === 0 && maxScroll > viewportHeight / 2) {
    window.scrollTo({ top: Math.min(maxScroll, viewportHeight), behavior: 'instant' })
    let chromeBottom = 0
    let lowest: Element | null = null
    for (const el of document.body.querySelectorAll('*')) {
      const position = getComputedStyle(el).position
      if (position !== 'fixed' && position !== 'sticky') continue
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      const box = boxOf(el)
      // Top chrome only: bars across the page (not a side column), not the player bar at the bottom, not a
      // full-height drawer or overlay.
      if (box.right - box.left < viewportWidth / 2) continue
      if (box.top > viewportHeight / 3 || box.bottom - box.top > viewportHeight / 2 || box.bottom <= 0)
        continue
      if (box.bottom > chromeBottom) {
        chromeBottom = box.bottom
        lowest = el
      }
    }
    if (lowest && chromeBottom > viewportHeight * maxChromeShare)
      problems.push({
        rule: 'chrome-height',
        element: describe(lowest),
        detail: `pinned chrome covers the top ${Math.round(chromeBottom)} px of a ${viewportHeight} px viewport (at most ${Math.round(viewportHeight * maxChromeShare)})`,
      })
  }
  window.scrollTo({ top: 0, behavior: 'instant' })
  return { problems, checked: elements.length }
}

/** Resolves once layout has settled: fonts loaded, finite animations and transitions finished, two frames drawn. */
export async function settleLayout(): Promise<void> {
  await document.fonts.ready
  const finite = document
    .getAnimations()
    .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity && a.playState === 'running')
  await Promise.race([
    Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
    new Promise((r) => setTimeout(r, 2000)),
  ])
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
}

/**
 * Rules for particular designs, found by their roles and test ids, never by class names (also run inside the page):
 * - a list of result cards and the ad slots between them (search results on phones and tablets) has every item
 *   as wide as the others, so an ad reads as one of the list;
 * - title cards side by side (Top 20 grid, title carousels) start their action bars at the same height;
 * - an e-mail address (an element whose whole text is one) breaks only after its "@" or a hyphen, or before a
 *   dot, never between two letters or digits.
 */
export function findDesignProblems(): string[] {
  const found: string[] = []
  const shown = (el: Element) => el.checkVisibility() && el.getBoundingClientRect().width > 0

  // A results table is a head rowgroup (the column headers) and a body rowgroup (the rows and ad slots).
  for (const list of document.querySelectorAll('[role="table"] > [role="rowgroup"]:last-child')) {
    // Rows are cards when the table's head row is hidden (phones and tablets); on desktops the ad is a band.
    const groups = list.parentElement?.querySelectorAll(':scope > [role="rowgroup"]') ?? []
    const head = groups.length > 1 ? groups[0]!.querySelector('[role="row"]') : null
    const cards = !head || head.getBoundingClientRect().width <= 1
    if (!shown(list) || !cards) continue
    const items = [
      ...list.querySelectorAll(':scope > [data-testid="result-row"], :scope [aria-label="Advertisement"]'),
    ].filter(shown)
    const widths = new Set(items.map((c) => Math.round(c.getBoundingClientRect().width)))
    if (widths.size > 1) found.push(`unequal-widths in the results list: ${[...widths].join(', ')} px`)
  }

  const rows = new Map<string, number[]>()
  for (const card of document.querySelectorAll('[data-testid="book-card"]')) {
    const actions = card.querySelector('[data-testid="book-card-actions"]')
    if (!actions || !shown(card)) continue
    const key = `${card.parentElement?.parentElement?.className ?? ''}@${Math.round(card.getBoundingClientRect().top)}`
    rows.set(key, [...(rows.get(key) ?? []), Math.round(actions.getBoundingClientRect().top)])
  }
  for (const [key, tops] of rows) {
    const distinct = new Set(tops)
    if (distinct.size > 1)
      found.push(
        `cards-misaligned: cards of one row (${key}) start their actions at y ${[...distinct].join(', ')}`,
      )
  }

  const addresses = [...document.body.querySelectorAll('strong, span, b, em, a, p, dd, td')].filter((el) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test((el.textContent ?? '').trim()),
  )
  for (const address of addresses) {
    if (!shown(address)) continue
    const text = address.textContent ?? ''
    const range = document.createRange()
    let lastTop: number | null = null
    let offset = 0
    for (const node of [...address.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
      for (let i = 0; i < (node.textContent ?? '').length; i++, offset++) {
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const top = Math.round(range.getBoundingClientRect().top)
        const atPunctuation = ['@', '-'].includes(text[offset - 1] ?? '') || text[offset] === '.'
        if (lastTop !== null && top > lastTop + 2 && !atPunctuation)
          found.push(
            `address-broken-mid-word: "${text}" breaks between "${text[offset - 1]}" and "${text[offset]}"`,
          )
        lastTop = top
      }
    }
  }
  return found
}
