// Builds the page into dist/: index.html and one script, assets/app.js,
// with fixed names so the daemon can embed them (server/src/serve/web_page.rs).
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/app.js',
        chunkFileNames: 'assets/app-[name].js',
        inlineDynamicImports: true,
      },
    },
  },
});
