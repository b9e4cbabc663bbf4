//! A small software rasteriser for looking at skinned meshes: orthographic
//! camera, z-buffer, flat Lambert shading (two-sided, so a surface folded
//! through itself still shows), and PNG output. Enough to put the three
//! skinning methods side by side ([`compare`]); not a renderer for
//! production.

use std::path::Path;

use glam::{Vec2, Vec3};

mod font;
mod image;

pub use image::{Image, RenderError};

/// An orthographic camera: the screen axes in world space and the visible
/// extent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// World direction shown to the right on screen (unit).
    pub right: Vec3,
    /// World direction shown upward on screen (unit, orthogonal to `right`).
    pub up: Vec3,
    /// World point at the centre of the image.
    pub centre: Vec3,
    /// Half the visible height, metres.
    pub half_height: f32,
}

impl View {
    /// A view along `-(right x up)` (the camera sits on the `right x up`
    /// side) that fits every point with a margin (a share of the extent) in
    /// an image of the given aspect ratio (width / height). `up` is
    /// orthogonalised against `right`; degenerate axes fall back to +X / +Y.
    pub fn fit(points: &[Vec3], right: Vec3, up: Vec3, aspect: f32, margin: f32) -> View {
        let right = right.normalize_or(Vec3::X);
        let up = (up - right * up.dot(right)).normalize_or(Vec3::Y);
        let mut lo = Vec2::splat(f32::INFINITY);
        let mut hi = Vec2::splat(f32::NEG_INFINITY);
        let mut depth = 0.0f64;
        let mut finite = 0usize;
        let toward = right.cross(up);
        for p in points.iter().filter(|p| p.is_finite()) {
            let s = Vec2::new(p.dot(right), p.dot(up));
            lo = lo.min(s);
            hi = hi.max(s);
            depth += f64::from(p.dot(toward));
            finite += 1;
        }
        if finite == 0 {
            return View {
                right,
                up,
                centre: Vec3::ZERO,
                half_height: 1.0,
            };
        }
        let mid = (lo + hi) * 0.5;
        let ext = (hi - lo) * 0.5 * (1.0 + margin.max(0.0));
        let aspect = if aspect.is_finite() && aspect > 0.0 {
            aspect
        } else {
            1.0
        };
        let half_height = ext.y.max(ext.x / aspect).max(1e-3);
        View {
            right,
            up,
            centre: right * mid.x + up * mid.y + toward * (depth / finite as f64) as f32,
            half_height,
        }
    }

    /// Unit direction from the scene toward the camera.
    pub fn toward_camera(&self) -> Vec3 {
        self.right.cross(self.up)
    }
}

/// Draws a triangle mesh into `image` with the image's z-buffer: flat
/// shading from each triangle's face normal (`ambient + (1 - ambient) *
/// |n . light|`, two-sided) times `colour`. Triangles with an index outside
/// `positions` or a non-finite corner are skipped. Returns how many
/// pixels were written.
pub fn draw_mesh(
    image: &mut Image,
    positions: &[Vec3],
    triangles: &[[u32; 3]],
    view: &View,
    colour: [f32; 3],
) -> usize {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let scale = h / (2.0 * view.half_height);
    let toward = view.toward_camera();
    // Light from the camera side, up and to the left.
    let light = (toward * 1.0 + view.up * 0.6 - view.right * 0.4).normalize();
    let ambient = 0.25;
    let project = |p: Vec3| -> Vec3 {
        let d = p - view.centre;
        Vec3::new(
            w * 0.5 + d.dot(view.right) * scale,
            h * 0.5 - d.dot(view.up) * scale,
            d.dot(toward),
        )
    };
    let mut written = 0;
    for tri in triangles {
        let corners = tri.map(|i| positions.get(i as usize).copied());
        let [Some(a), Some(b), Some(c)] = corners else {
            continue;
        };
        if !(a.is_finite() && b.is_finite() && c.is_finite()) {
            continue;
        }
        let n = (b - a).cross(c - a);
        let Some(n) = n.try_normalize() else {
            continue;
        };
        let shade = ambient + (1.0 - ambient) * n.dot(light).abs();
        let rgb = colour.map(|c| (c * shade).clamp(0.0, 1.0));
        let pixel = rgb.map(|c| (c * 255.0).round() as u8);
        written += fill_triangle(image, [project(a), project(b), project(c)], pixel);
    }
    written
}

/// Rasterises one screen-space triangle (x, y in pixels, z = nearness) with
/// the z-buffer; pixel centres at half-integers. Returns pixels written.
fn fill_triangle(image: &mut Image, s: [Vec3; 3], pixel: [u8; 3]) -> usize {
    let edge = |a: Vec3, b: Vec3, x: f32, y: f32| (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    let area = edge(s[0], s[1], s[2].x, s[2].y);
    if area.abs() < 1e-12 {
        return 0;
    }
    let (w, h) = (image.width() as f32, image.height() as f32);
    let min_x = s.iter().map(|p| p.x).fold(f32::INFINITY, f32::min);
    let max_x = s.iter().map(|p| p.x).fold(f32::NEG_INFINITY, f32::max);
    let min_y = s.iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
    let max_y = s.iter().map(|p| p.y).fold(f32::NEG_INFINITY, f32::max);
    if max_x < 0.0 || max_y < 0.0 || min_x >= w || min_y >= h {
        return 0;
    }
    let x0 = min_x.max(0.0).floor() as u32;
    let x1 = (max_x.min(w - 1.0).ceil() as u32).min(image.width().saturating_sub(1));
    let y0 = min_y.max(0.0).floor() as u32;
    let y1 = (max_y.min(h - 1.0).ceil() as u32).min(image.height().saturating_sub(1));
    let mut written = 0;
    for y in y0..=y1 {
        let py = y as f32 + 0.5;
        for x in x0..=x1 {
            let px = x as f32 + 0.5;
            let l0 = edge(s[1], s[2], px, py) / area;
            let l1 = edge(s[2], s[0], px, py) / area;
            let l2 = 1.0 - l0 - l1;
            if l0 < 0.0 || l1 < 0.0 || l2 < 0.0 {
                continue;
            }
            let z = l0 * s[0].z + l1 * s[1].z + l2 * s[2].z;
            if image.test_and_set_depth(x, y, z) {
                image.set(x, y, pixel);
                written += 1;
            }
        }
    }
    written
}

/// One panel of a comparison: a label and the deformed positions.
#[derive(Debug, Clone, Copy)]
pub struct Panel<'a> {
    /// Text drawn at the top left of the panel (B, C, D, L, O, Q, R, S, -).
    pub label: &'a str,
    /// Vertex positions of the mesh in this panel.
    pub positions: &'a [Vec3],
}

/// A close-up drawn under every panel: the same view direction, centred
/// on a world point (a joint), showing `half_height` metres above and below.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CloseUp {
    /// World point at the centre of the close-up.
    pub centre: Vec3,
    /// Half the visible height, metres.
    pub half_height: f32,
}

/// Renders the same mesh in several poses side by side, viewed from the
/// `right x up` side with one camera scale for all panels (so sizes
/// compare), each panel `panel_size` pixels; under each panel a row of
/// square close-ups (one per entry of `close_ups`, splitting the panel's
/// width).
pub fn compare(
    panels: &[Panel<'_>],
    triangles: &[[u32; 3]],
    right: Vec3,
    up: Vec3,
    panel_size: (u32, u32),
    close_ups: &[CloseUp],
) -> Image {
    let (pw, ph) = (panel_size.0.max(1), panel_size.1.max(1));
    let background = [245, 245, 240];
    let count = u32::try_from(panels.len()).unwrap_or(u32::MAX).max(1);
    let insets = u32::try_from(close_ups.len()).unwrap_or(u32::MAX);
    let inset = pw.checked_div(insets).unwrap_or(0);
    let mut out = Image::new(pw.saturating_mul(count), ph + inset, background);
    let aspect = pw as f32 / ph as f32;
    let views: Vec<View> = panels
        .iter()
        .map(|p| View::fit(p.positions, right, up, aspect, 0.08))
        .collect();
    let half_height = views.iter().map(|v| v.half_height).fold(1e-3, f32::max);
    let colour = [0.55, 0.68, 0.85];
    for (i, (panel, view)) in panels.iter().zip(&views).enumerate() {
        let x0 = pw.saturating_mul(i as u32);
        let mut img = Image::new(pw, ph, background);
        let view = View {
            half_height,
            ..*view
        };
        draw_mesh(&mut img, panel.positions, triangles, &view, colour);
        let scale = (ph / 150).max(2);
        font::draw_text(&mut img, panel.label, 8, 8, scale, [30, 30, 30]);
        out.blit(&img, x0, 0);
        for (k, close) in close_ups.iter().enumerate() {
            let mut img = Image::new(inset, inset, [232, 232, 226]);
            let zoom = View {
                centre: close.centre,
                half_height: close.half_height.max(1e-3),
                ..view
            };
            draw_mesh(&mut img, panel.positions, triangles, &zoom, colour);
            out.blit(&img, x0 + k as u32 * inset, ph);
        }
    }
    // Thin separators between panels and above the close-ups.
    let grey = [180, 180, 180];
    for i in 1..count {
        for y in 0..out.height() {
            out.set(i * pw, y, grey);
        }
    }
    if inset > 0 {
        for x in 0..out.width() {
            out.set(x, ph, grey);
        }
        for i in 0..count {
            for k in 1..insets {
                for y in ph..out.height() {
                    out.set(i * pw + k * inset, y, grey);
                }
            }
        }
    }
    out
}

/// Renders [`compare`] and writes it as a PNG file.
pub fn write_compare_png(
    path: &Path,
    panels: &[Panel<'_>],
    triangles: &[[u32; 3]],
    right: Vec3,
    up: Vec3,
    panel_size: (u32, u32),
    close_ups: &[CloseUp],
) -> Result<(), RenderError> {
    compare(panels, triangles, right, up, panel_size, close_ups).write_png(path)
}

#[cfg(test)]
mod tests;
