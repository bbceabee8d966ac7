// The sliders' behaviour once JavaScript runs: swipe, mouse drag and arrow keys move the track one step, through a CSS transform.
import {
  DRAG_SLOP_PX,
  clampIndex,
  dragOffset,
  indexAfterKey,
  indexAfterSwipe,
  nearestIndex,
  offsetAt,
  offsetOfTranslation,
  translationAt,
  type SliderGeometry,
} from './slider-steps.ts';

/** One pointer from press to release. */
interface Gesture {
  pointerId: number;
  startX: number;
  /** The offset the track showed when the pointer went down (mid-glide, perhaps). */
  startOffset: number;
  /** Moved past the slop: the row follows it, and the click it ends must not follow a link. */
  dragging: boolean;
}

/**
 * Takes over a server-rendered slider: `viewport` (`.slider`) is a native horizontal
 * scroller until now; from here it clips, and `track` (`.slider__track`) is moved by its
 * transform, which the CSS animates (`[data-slider-active]`). The row is taken over at the
 * step nearest to where the visitor left the native scroll, without a jump. Only CSSOM
 * writes touch styles, so no style attribute ever needs to get past the CSP.
 * Returns the detacher, which hands the row back to native scrolling.
 */
export function attachSlider(viewport: HTMLElement, track: HTMLElement): () => void {
  const slider = new SliderController(viewport, track);
  return () => slider.detach();
}

/** The state of one taken-over slider and its event handlers; see attachSlider. */
class SliderController {
  private geometry: SliderGeometry;
  private index: number;
  private gesture: Gesture | null = null;
  /** Set when a drag ends; the click the browser may send next is the drag's, not a tap. */
  private suppressClick = false;
  /** One signal removes every listener when the slider is torn down. */
  private readonly listeners = new AbortController();
  /** A new width (rotation, window resize) changes how far the row may go. */
  private readonly resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.onResize()) : null;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly track: HTMLElement,
  ) {
    this.geometry = measure(viewport, track);
    // Right to left, a native scroll starts at 0 and goes negative as later items come in.
    const nativeOffset = Math.abs(viewport.scrollLeft);
    this.index = nearestIndex(nativeOffset, this.geometry);
    // One synchronous block, so one frame: the row stops scrolling natively and the track
    // takes its place under the same offset, then glides to the nearest step if it was between.
    viewport.dataset.sliderActive = '';
    viewport.scrollLeft = 0;
    this.showOffset(nativeOffset, false);
    this.showOffset(offsetAt(this.index, this.geometry), true);
    this.listen();
  }

  detach(): void {
    this.listeners.abort();
    this.resizeObserver?.disconnect();
    delete this.viewport.dataset.sliderActive;
    delete this.viewport.dataset.sliderDragging;
    this.track.style.transform = '';
  }

  private listen(): void {
    const { signal } = this.listeners;
    const { track, viewport } = this;
    track.addEventListener('pointerdown', (event) => this.onPointerDown(event), { signal });
    track.addEventListener('pointermove', (event) => this.onPointerMove(event), { signal });
    track.addEventListener('pointerup', (event) => this.endGesture(event, false), { signal });
    track.addEventListener('pointercancel', (event) => this.endGesture(event, true), { signal });
    // Links and images would otherwise start a native drag-and-drop under the mouse.
    track.addEventListener('dragstart', (event) => event.preventDefault(), { signal });
    viewport.addEventListener('click', (event) => this.onClickCapture(event), { capture: true, signal });
    viewport.addEventListener('keydown', (event) => this.onKeyDown(event), { signal });
    viewport.addEventListener('focusin', (event) => this.onFocusIn(event), { signal });
    this.resizeObserver?.observe(viewport);
  }

  private showOffset(offset: number, animate: boolean): void {
    if (!animate) this.viewport.dataset.sliderInstant = '';
    this.track.style.transform = `translate3d(${translationAt(offset, this.geometry)}px, 0, 0)`;
    if (!animate) {
      // Commit the new transform before the transition comes back, so it does not animate.
      void getComputedStyle(this.track).transform;
      delete this.viewport.dataset.sliderInstant;
    }
  }

  private goTo(next: number, animate = true): void {
    this.index = clampIndex(next, this.geometry);
    this.showOffset(offsetAt(this.index, this.geometry), animate);
  }

  /** Where the track is on screen now, mid-transition included, so a drag during a glide picks it up there. */
  private shownOffset(): number {
    const transform = getComputedStyle(this.track).transform;
    return transform === 'none' ? 0 : offsetOfTranslation(new DOMMatrix(transform).m41, this.geometry);
  }

  private onPointerDown(event: PointerEvent): void {
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    this.suppressClick = false;
    this.geometry = measure(this.viewport, this.track);
    this.gesture = { pointerId: event.pointerId, startX: event.clientX, startOffset: this.shownOffset(), dragging: false };
  }

  private onPointerMove(event: PointerEvent): void {
    const { gesture } = this;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    const deltaX = event.clientX - gesture.startX;
    if (!gesture.dragging) {
      if (Math.abs(deltaX) < DRAG_SLOP_PX) return;
      gesture.dragging = true;
      this.viewport.dataset.sliderDragging = '';
      // A mouse keeps dragging the row when it leaves it (touch pointers are captured already).
      if (event.pointerType === 'mouse') this.track.setPointerCapture(event.pointerId);
    }
    this.track.style.transform = `translate3d(${translationAt(dragOffset(gesture.startOffset, deltaX, this.geometry), this.geometry)}px, 0, 0)`;
  }

  private endGesture(event: PointerEvent, cancelled: boolean): void {
    if (!this.gesture || event.pointerId !== this.gesture.pointerId) return;
    const { dragging, startX } = this.gesture;
    this.gesture = null;
    if (!dragging) return;
    delete this.viewport.dataset.sliderDragging;
    this.suppressClick = true;
    this.goTo(cancelled ? this.index : indexAfterSwipe(this.index, event.clientX - startX, this.geometry));
  }

  // Capture phase, so the click that ends a drag never reaches a screenshot's link nor the
  // runtime's CTA handler on document; a tap (no drag) passes untouched.
  private onClickCapture(event: MouseEvent): void {
    if (!this.suppressClick) return;
    this.suppressClick = false;
    event.preventDefault();
    event.stopPropagation();
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    this.geometry = measure(this.viewport, this.track);
    const next = indexAfterKey(this.index, event.key, this.geometry);
    if (next === null) return;
    event.preventDefault();
    this.goTo(next);
  }

  // Tabbing to a screenshot link that is out of view brings it in (a press that focuses it does not).
  private onFocusIn(event: FocusEvent): void {
    this.viewport.scrollLeft = 0;
    const target = event.target as Element;
    const item = target.closest?.('.slider__item') as HTMLElement | null | undefined;
    if (this.gesture || !item || item.parentElement !== this.track || !isKeyboardFocus(target)) return;
    this.geometry = measure(this.viewport, this.track);
    const start = startEdgeOf(item, this.track, this.geometry) - offsetAt(this.index, this.geometry);
    const end = start + item.offsetWidth;
    if (start < 0 || end > this.viewport.clientWidth) this.goTo(Array.prototype.indexOf.call(this.track.children, item));
  }

  private onResize(): void {
    const next = measure(this.viewport, this.track);
    // The observer also reports the first size: nothing to do, and the take-over glide must not be cut short.
    if (next.step === this.geometry.step && next.max === this.geometry.max) return;
    this.geometry = next;
    this.goTo(this.index, false);
  }
}

/** Focus the browser would draw a ring for, i.e. from the keyboard; true where `:focus-visible` is unknown. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * The step (from one item's start to the next's: width + gap), the furthest offset (the
 * track, end margin included, against the viewport) and the direction, read from the layout
 * so the CSS alone decides sizes (171 px and 327 px on a phone) and `dir` which way they run.
 */
export function measure(viewport: HTMLElement, track: HTMLElement): SliderGeometry {
  const direction = getComputedStyle(viewport).direction === 'rtl' ? 'rtl' : 'ltr';
  const items = Array.from(track.children) as HTMLElement[];
  const [first, second] = items;
  if (!first) return { step: 0, max: 0, direction };
  // Right to left, the second item sits left of the first.
  const step = second ? Math.abs(second.offsetLeft - first.offsetLeft) : first.offsetWidth;
  return { step, max: Math.max(track.offsetWidth - viewport.clientWidth, 0), direction };
}

/** How far an item's start edge is from the track's: from the left, or from the right in a right-to-left row. */
function startEdgeOf(item: HTMLElement, track: HTMLElement, geometry: SliderGeometry): number {
  return geometry.direction === 'rtl' ? track.offsetWidth - item.offsetLeft - item.offsetWidth : item.offsetLeft;
}
