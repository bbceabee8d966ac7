// The disk check before a build renders: it refuses only a build that will not fit, saying what it needs and what is free.
import { statfs } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkWritable, roomProblem } from '../../../generator/pipeline/output/environment.ts';
import { temporaryDir, userRefusal } from '../../helpers.ts';

const MB = 1024 * 1024;

describe('room for a build', () => {
  it('lets a small build onto a small, empty disk (20 MB free, 20 pages)', () => {
    // Refused before, whatever the build needed: the rule was "at least 32 MB free".
    expect(roomProblem('/srv/site', { pages: 20 }, 20 * MB)).toBeUndefined();
  });

  it('refuses a build larger than the free space, saying how much it needs and how much is free', () => {
    const problem = roomProblem('/srv/site', { pages: 100_060 }, 20 * MB);
    expect({ name: problem?.name, message: problem?.message }).toEqual({
      name: 'OutputNoRoom',
      message: 'Cannot write the build to /srv/site: it needs at least 3.1 GB (100,060 pages) and the disk has 20.0 MB free.',
    });
    expect(roomProblem('/srv/site', { pages: 1000 }, 512 * 1024)?.message).toBe(
      'Cannot write the build to /srv/site: it needs at least 31.3 MB (1,000 pages) and the disk has 524,288 bytes free.',
    );
  });

  it("is checked against the output folder's disk, before anything is written", async () => {
    const dir = await temporaryDir();
    const disk = await statfs(dir);
    const free = disk.bavail * disk.bsize;
    // More pages than the disk has room for, at 32 KB a page: refused; a handful: let through.
    const refusal = await userRefusal(checkWritable(`${dir}/out`, { pages: Math.ceil(free / (32 * 1024)) + 1_000_000 }));
    expect(refusal.name).toBe('OutputNoRoom');
    expect(refusal.message).toMatch(
      new RegExp(
        `^Cannot write the build to ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: it needs at least [0-9.]+ [GM]B \\([0-9,]+ pages\\) and the disk has .+ free\\.$`,
      ),
    );
    await expect(checkWritable(`${dir}/out`, { pages: 20 })).resolves.toBeUndefined();
  });
});
