// A policy's label as a file name: the characters a file name cannot hold on every system (the ':' of search:2:pool, a
// plan file's '/') made '-'. Shared by the studies that keep a file per policy or pair of policies.
export function fileLabel(label: string): string {
  return label.replace(/[^A-Za-z0-9._+-]/g, '-');
}
