// The errors of an output folder (a build's, a merge's, a screenshot report's): one store-landing may not write to, or cannot.
import { define } from './user-error.ts';

/** `what` names a command's output in the messages below: "the build", "the screenshot report". */
const DEDICATED_FOLDER = 'Pick a dedicated folder with -o (such as out/ for a build): the command empties or replaces it whole.';

export const OutputInsideSource = define({
  name: 'OutputInsideSource',
  message: (dir: string, what = 'the build') => `Refusing to write ${what} to ${dir}: it is the project folder or contains it.`,
  hint: DEDICATED_FOLDER,
});

const NOT_OWNED = {
  message: (dir: string, what: string, entry: string, marker: string) =>
    `Refusing to write ${what} to ${dir}: it holds ${entry} and no ${marker} marker, so store-landing did not write it.`,
  hint: 'Pass an empty or new folder with -o, or one this command wrote before (it leaves its marker there). Nothing was changed.',
};

/** A build's or merge's output folder holds what no build wrote. */
export const OutputNotOwned = define({ name: 'OutputNotOwned', ...NOT_OWNED });

/** A screenshot report folder holds what no screenshot run wrote. */
export const ReportDirNotOurs = define({ name: 'ReportDirNotOurs', ...NOT_OWNED });

export const OutputProtected = define({
  name: 'OutputProtected',
  message: (dir: string, what: string, reason: string) => `Refusing to write ${what} to ${dir}: it is ${reason}.`,
  hint: DEDICATED_FOLDER,
});

export const OutputLinkBroken = define({
  name: 'OutputLinkBroken',
  message: (link: string, what = 'the build') => `Cannot write ${what} to ${link}: it is a symbolic link to a folder that does not exist.`,
  hint: 'Create the folder the link points to (the output then goes there and the link stays), or remove the link.',
});

export const OutputNotFolder = define({
  name: 'OutputNotFolder',
  message: (dir: string, blocker: string, what = 'the build') =>
    blocker === dir
      ? `Cannot write ${what} to ${dir}: it is a file, not a folder.`
      : `Cannot write ${what} to ${dir}: ${blocker} is a file, not a folder.`,
  hint: 'Pass a folder with -o (it is created if missing), or move the file away.',
});

export const OutputNotWritable = define({
  name: 'OutputNotWritable',
  message: (dir: string, reason: string) => `Cannot write the build to ${dir}: ${reason}.`,
  hint: 'Check the permissions of that folder (and that its disk is not mounted read-only), or pass another folder with -o.',
});

export const OutputDiskFull = define({
  name: 'OutputDiskFull',
  message: (dir: string, free: string) => `Cannot write the build to ${dir}: the disk is full (${free}).`,
  hint: 'Free some space (the build needs room for the new output beside the old one), or pass a folder on another disk with -o.',
});

export const OutputBusy = define({
  name: 'OutputBusy',
  message: (dir: string, reason: string) => `Cannot replace ${dir}: ${reason}.`,
  hint: 'The build swaps its output folder in by renaming it: pass a folder inside the mount (e.g. -o volume/site), or stop the program that holds it.',
});

export const OutputLocked = define({
  name: 'OutputLocked',
  message: (lock: string, owner: string) => `Another build is writing this output: ${lock} is held by ${owner}, which is still running.`,
  hint: 'Wait for that build to finish, or stop it; a lock whose owner died is taken over within seconds.',
});

/** Refused before rendering: the build's lower bound of what it writes is more than the disk has free (pipeline/output/environment.ts). */
export const OutputNoRoom = define({
  name: 'OutputNoRoom',
  message: (dir: string, needs: string, free: string) =>
    `Cannot write the build to ${dir}: it needs at least ${needs} and the disk has ${free} free.`,
  hint: 'Free some space (the new output is written beside the old one, which it then replaces), or pass a folder on another disk with -o.',
});
