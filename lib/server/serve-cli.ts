import "./production-env";
import { serve } from "./serve";

// Serves an existing production build: tests and benchmarks build once, first.
await serve(process.argv.slice(2));
