// Path relations shared by the config's checks and the build's output guard.
import path from 'node:path';

/** True when `inner` is `outer` or lies below it (both absolute and resolved). */
export function isInside(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
