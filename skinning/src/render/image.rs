//! An RGB image with a depth buffer, and its PNG encoding.

use std::path::{Path, PathBuf};

/// Why an image could not be encoded or written.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PNG encoder failed (for example a zero-sized image).
    #[error("cannot encode the PNG image: {0}")]
    Encode(String),
    /// The file could not be written.
    #[error("{path}: cannot write the image: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// An 8-bit RGB image, row-major from the top left, with a z-buffer
/// (larger = nearer the camera) for [`super::draw_mesh`].
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 3]>,
    depth: Vec<f32>,
}

impl Image {
    /// A `width` x `height` image filled with `background`, depth empty.
    pub fn new(width: u32, height: u32, background: [u8; 3]) -> Image {
        let n = width as usize * height as usize;
        Image {
            width,
            height,
            pixels: vec![background; n],
            depth: vec![f32::NEG_INFINITY; n],
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    fn index(&self, x: u32, y: u32) -> Option<usize> {
        (x < self.width && y < self.height).then(|| y as usize * self.width as usize + x as usize)
    }

    /// The pixel at `(x, y)`, or `None` outside the image.
    pub fn get(&self, x: u32, y: u32) -> Option<[u8; 3]> {
        self.index(x, y).map(|i| self.pixels[i])
    }

    /// Sets a pixel (ignored outside the image).
    pub fn set(&mut self, x: u32, y: u32, rgb: [u8; 3]) {
        if let Some(i) = self.index(x, y) {
            self.pixels[i] = rgb;
        }
    }

    /// Whether `z` is nearer than the depth stored at `(x, y)`; if so it is
    /// stored. Outside the image: false.
    pub fn test_and_set_depth(&mut self, x: u32, y: u32, z: f32) -> bool {
        match self.index(x, y) {
            Some(i) if z > self.depth[i] => {
                self.depth[i] = z;
                true
            }
            _ => false,
        }
    }

    /// Copies `other` (pixels only) with its top left at `(x0, y0)`,
    /// clipped to this image.
    pub fn blit(&mut self, other: &Image, x0: u32, y0: u32) {
        for y in 0..other.height {
            for x in 0..other.width {
                if let (Some(rgb), Some(tx), Some(ty)) =
                    (other.get(x, y), x0.checked_add(x), y0.checked_add(y))
                {
                    self.set(tx, ty, rgb);
                }
            }
        }
    }

    /// The image as PNG bytes (8-bit RGB).
    pub fn encode_png(&self) -> Result<Vec<u8>, RenderError> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::High);
        let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
        let mut writer = encoder.write_header().map_err(err)?;
        let data: Vec<u8> = self.pixels.iter().flatten().copied().collect();
        writer.write_image_data(&data).map_err(err)?;
        writer.finish().map_err(err)?;
        Ok(bytes)
    }

    /// Writes the image as a PNG file (atomically).
    pub fn write_png(&self, path: &Path) -> Result<(), RenderError> {
        let bytes = self.encode_png()?;
        posewire_body::atomic_file::write_atomic(path, &bytes).map_err(|source| RenderError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}
