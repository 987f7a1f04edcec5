import mantinePreset from "postcss-preset-mantine";

export default {
  plugins: [mantinePreset()],
};
