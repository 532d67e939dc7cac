/** Why `root`/dist/ should not run now (stale or unbuilt), or undefined when it is current. */
export function distNotCurrent(root: string): string | undefined;
