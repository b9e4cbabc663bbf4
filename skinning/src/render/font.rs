//! A tiny 5x7 bitmap font for panel labels (just the letters the method
//! names need; other characters leave a blank).

/// Rows of a glyph, top first, bit 4 = leftmost column.
fn glyph(c: char) -> Option<[u8; 7]> {
    Some(match c.to_ascii_uppercase() {
        'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1E],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        '-' => [0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00],
        _ => return None,
    })
}

/// Draws `text` with its top left at `(x, y)`, every font pixel a
/// `scale` x `scale` block.
pub(super) fn draw_text(
    image: &mut super::Image,
    text: &str,
    x: u32,
    y: u32,
    scale: u32,
    rgb: [u8; 3],
) {
    let mut cx = x;
    for c in text.chars() {
        if let Some(rows) = glyph(c) {
            for (r, bits) in rows.iter().enumerate() {
                for col in 0..5u32 {
                    if bits & (0x10 >> col) != 0 {
                        for dy in 0..scale {
                            for dx in 0..scale {
                                image.set(cx + col * scale + dx, y + r as u32 * scale + dy, rgb);
                            }
                        }
                    }
                }
            }
        }
        cx += 6 * scale;
    }
}
