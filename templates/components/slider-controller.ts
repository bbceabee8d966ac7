// The sliders' behaviour once JavaScript runs: swipe, mouse drag and arrow keys move the track one step, through a CSS transform.
import {
  DRAG_SLOP_PX,
  clampIndex,
  dragOffset,
  indexAfterKey,
  indexAfterSwipe,
  nearestIndex,
  offsetAt,
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
  let geometry = measure(viewport, track);
  const nativeOffset = viewport.scrollLeft;
  let index = nearestIndex(nativeOffset, geometry);
  let gesture: Gesture | null = null;
  /** Set when a drag ends; the click the browser may send next is the drag's, not a tap. */
  let suppressClick = false;

  // One synchronous block, so one frame: the row stops scrolling natively and the track
  // takes its place under the same offset, then glides to the nearest step if it was between.
  viewport.dataset.sliderActive = '';
  viewport.scrollLeft = 0;
  showOffset(nativeOffset, false);
  showOffset(offsetAt(index, geometry), true);

  function showOffset(offset: number, animate: boolean): void {
    if (!animate) viewport.dataset.sliderInstant = '';
    track.style.transform = `translate3d(${-offset}px, 0, 0)`;
    if (!animate) {
      // Commit the new transform before the transition comes back, so it does not animate.
      void getComputedStyle(track).transform;
      delete viewport.dataset.sliderInstant;
    }
  }

  function goTo(next: number, animate = true): void {
    index = clampIndex(next, geometry);
    showOffset(offsetAt(index, geometry), animate);
  }

  function onPointerDown(event: PointerEvent): void {
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    suppressClick = false;
    geometry = measure(viewport, track);
    gesture = { pointerId: event.pointerId, startX: event.clientX, startOffset: shownOffset(), dragging: false };
  }

  /** Where the track is on screen now, mid-transition included, so a drag during a glide picks it up there. */
  function shownOffset(): number {
    const transform = getComputedStyle(track).transform;
    return transform === 'none' ? 0 : -new DOMMatrix(transform).m41;
  }

  function onPointerMove(event: PointerEvent): void {
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    const deltaX = event.clientX - gesture.startX;
    if (!gesture.dragging) {
      if (Math.abs(deltaX) < DRAG_SLOP_PX) return;
      gesture.dragging = true;
      viewport.dataset.sliderDragging = '';
      // A mouse keeps dragging the row when it leaves it (touch pointers are captured already).
      if (event.pointerType === 'mouse') track.setPointerCapture(event.pointerId);
    }
    track.style.transform = `translate3d(${-dragOffset(gesture.startOffset, deltaX, geometry)}px, 0, 0)`;
  }

  function endGesture(event: PointerEvent, cancelled: boolean): void {
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    const { dragging, startX } = gesture;
    gesture = null;
    if (!dragging) return;
    delete viewport.dataset.sliderDragging;
    suppressClick = true;
    goTo(cancelled ? index : indexAfterSwipe(index, event.clientX - startX, geometry));
  }

  const onPointerUp = (event: PointerEvent) => endGesture(event, false);
  const onPointerCancel = (event: PointerEvent) => endGesture(event, true);

  // Capture phase, so the click that ends a drag never reaches a screenshot's link nor the
  // runtime's CTA handler on document; a tap (no drag) passes untouched.
  function onClickCapture(event: MouseEvent): void {
    if (!suppressClick) return;
    suppressClick = false;
    event.preventDefault();
    event.stopPropagation();
  }

  // Links and images would otherwise start a native drag-and-drop under the mouse.
  const onDragStart = (event: DragEvent) => event.preventDefault();

  function onKeyDown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    geometry = measure(viewport, track);
    const next = indexAfterKey(index, event.key, geometry);
    if (next === null) return;
    event.preventDefault();
    goTo(next);
  }

  // Tabbing to a screenshot link that is out of view brings it in (a press that focuses it does not).
  function onFocusIn(event: FocusEvent): void {
    viewport.scrollLeft = 0;
    const target = event.target as Element;
    const item = target.closest?.('.slider__item');
    if (gesture || !item || item.parentElement !== track || !isKeyboardFocus(target)) return;
    geometry = measure(viewport, track);
    const itemElement = item as HTMLElement;
    const offset = offsetAt(index, geometry);
    const start = itemElement.offsetLeft - offset;
    const end = start + itemElement.offsetWidth;
    if (start < 0 || end > viewport.clientWidth) goTo(Array.prototype.indexOf.call(track.children, item));
  }

  // A new width (rotation, window resize) changes how far the row may go.
  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(onResize) : null;
  function onResize(): void {
    const next = measure(viewport, track);
    // The observer also reports the first size: nothing to do, and the take-over glide must not be cut short.
    if (next.step === geometry.step && next.max === geometry.max) return;
    geometry = next;
    goTo(index, false);
  }

  // One signal removes every listener when the slider is torn down.
  const listeners = new AbortController();
  const { signal } = listeners;
  track.addEventListener('pointerdown', onPointerDown, { signal });
  track.addEventListener('pointermove', onPointerMove, { signal });
  track.addEventListener('pointerup', onPointerUp, { signal });
  track.addEventListener('pointercancel', onPointerCancel, { signal });
  track.addEventListener('dragstart', onDragStart, { signal });
  viewport.addEventListener('click', onClickCapture, { capture: true, signal });
  viewport.addEventListener('keydown', onKeyDown, { signal });
  viewport.addEventListener('focusin', onFocusIn, { signal });
  resizeObserver?.observe(viewport);

  return () => {
    listeners.abort();
    resizeObserver?.disconnect();
    delete viewport.dataset.sliderActive;
    delete viewport.dataset.sliderDragging;
    track.style.transform = '';
  };
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
 * The step (from one item's start to the next's: width + gap) and the furthest offset
 * (the track, end margin included, against the viewport), read from the layout so the
 * CSS alone decides sizes: 171 px and 327 px on a phone.
 */
export function measure(viewport: HTMLElement, track: HTMLElement): SliderGeometry {
  const items = Array.from(track.children) as HTMLElement[];
  const [first, second] = items;
  if (!first) return { step: 0, max: 0 };
  const step = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  return { step, max: Math.max(track.offsetWidth - viewport.clientWidth, 0) };
}
