// A policy's label as a file name: every character but letters, digits and ._+- made '-' (the ':' of search:2:pool, a
// plan file's '/', a variant's '='). Shared by the studies that keep a file per policy or pair of policies; balance's
// cells keep their own, narrower mapping (cellPath), under which their committed names were written.
export function fileLabel(label: string): string {
  return label.replace(/[^A-Za-z0-9._+-]/g, '-');
}
