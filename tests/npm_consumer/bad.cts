// Must not compile: version is a string (proves tsc reads the declarations).
import { load } from 'libbfc';
void load().then((b) => { const v: number = b.version; return v; });
