// Unit-project setup. DOM tests wait for lazy page chunks and effects; on a loaded 2-core CI machine the
// Testing Library default of 1 s is too tight, so async queries wait up to 5 s (they return as soon as met).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

export {};
