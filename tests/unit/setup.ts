// Unit-project setup. DOM tests wait for lazy page chunks and effects; on a loaded 2-core CI machine the
// Testing Library default of 1 s is too tight, so async queries wait up to 15 s (they return as soon as met;
// 5 s still timed out once on the shell's lazy drawer while the whole suite ran; the test timeout is 20 s).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}

export {};
