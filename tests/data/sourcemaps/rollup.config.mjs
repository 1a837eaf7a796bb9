// The Rollup build of app/src: TypeScript, lodash-es resolved from
// node_modules, minified by terser, with a separate source map.
import resolve from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import typescript from "@rollup/plugin-typescript";

export default {
  input: "app/src/main.ts",
  output: {
    file: "rollup-min/dist/app.js",
    format: "es",
    sourcemap: true,
  },
  plugins: [resolve(), typescript({ tsconfig: "./tsconfig.json" }), terser()],
};
