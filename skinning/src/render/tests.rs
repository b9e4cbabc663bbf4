use glam::Vec3;

use super::*;

const BG: [u8; 3] = [0, 0, 0];

fn count_lit(img: &Image) -> usize {
    let mut n = 0;
    for y in 0..img.height() {
        for x in 0..img.width() {
            if img.get(x, y) != Some(BG) {
                n += 1;
            }
        }
    }
    n
}

fn front_view(half_height: f32) -> View {
    View {
        right: Vec3::X,
        up: Vec3::Y,
        centre: Vec3::ZERO,
        half_height,
    }
}

#[test]
fn render_a_square_covers_its_share_of_the_image() {
    // Two triangles covering [-0.5, 0.5]^2 of a view 2 units high: a
    // quarter of the 100 x 100 image.
    let positions = [
        Vec3::new(-0.5, -0.5, 0.0),
        Vec3::new(0.5, -0.5, 0.0),
        Vec3::new(0.5, 0.5, 0.0),
        Vec3::new(-0.5, 0.5, 0.0),
    ];
    let tris = [[0, 1, 2], [0, 2, 3]];
    let mut img = Image::new(100, 100, BG);
    draw_mesh(
        &mut img,
        &positions,
        &tris,
        &front_view(1.0),
        [1.0, 1.0, 1.0],
    );
    let lit = count_lit(&img);
    assert!((2400..=2600).contains(&lit), "lit {lit}");
    assert_ne!(img.get(50, 50), Some(BG), "centre is covered");
    assert_eq!(img.get(10, 10), Some(BG), "corner is background");
}

#[test]
fn render_the_nearer_triangle_wins_whatever_the_order() {
    // A red-ish far triangle and a nearer one (z toward the camera is +Z
    // for right = X, up = Y), drawn in both orders.
    let far = [
        Vec3::new(-1.0, -1.0, -1.0),
        Vec3::new(1.0, -1.0, -1.0),
        Vec3::new(0.0, 1.0, -1.0),
    ];
    let near = [
        Vec3::new(-1.0, -1.0, 1.0),
        Vec3::new(1.0, -1.0, 1.0),
        Vec3::new(0.0, 1.0, 1.0),
    ];
    let positions: Vec<Vec3> = far.iter().chain(&near).copied().collect();
    for tris in [[[0, 1, 2], [3, 4, 5]], [[3, 4, 5], [0, 1, 2]]] {
        let mut img = Image::new(40, 40, BG);
        // Draw the two with different colours: far blue, near green.
        let view = front_view(1.5);
        draw_mesh(
            &mut img,
            &positions,
            &tris[..1],
            &view,
            colour_of(tris[0][0]),
        );
        draw_mesh(
            &mut img,
            &positions,
            &tris[1..],
            &view,
            colour_of(tris[1][0]),
        );
        let px = img.get(20, 22).expect("inside");
        assert!(px[1] > 0 && px[2] == 0, "near (green) wins: {px:?}");
    }
}

fn colour_of(first_index: u32) -> [f32; 3] {
    if first_index == 0 {
        [0.0, 0.0, 1.0]
    } else {
        [0.0, 1.0, 0.0]
    }
}

#[test]
fn render_skips_bad_triangles_without_panicking() {
    let positions = [Vec3::ZERO, Vec3::X, Vec3::new(f32::NAN, 0.0, 0.0)];
    let tris = [[0, 1, 7], [0, 1, 2], [0, 0, 1]];
    let mut img = Image::new(10, 10, BG);
    assert_eq!(
        draw_mesh(&mut img, &positions, &tris, &front_view(1.0), [1.0; 3]),
        0
    );
    assert_eq!(count_lit(&img), 0);
}

#[test]
fn render_fit_keeps_every_point_in_view() {
    let pts = [Vec3::new(-3.0, 0.0, 0.0), Vec3::new(5.0, 2.0, 1.0)];
    let v = View::fit(&pts, Vec3::X, Vec3::Y, 2.0, 0.0);
    assert!((v.centre.x - 1.0).abs() < 1e-6 && (v.centre.y - 1.0).abs() < 1e-6);
    // Width 8 at aspect 2 needs a half height of 2.
    assert!((v.half_height - 2.0).abs() < 1e-6, "{}", v.half_height);
}

#[test]
fn render_compare_png_decodes_with_three_lit_panels() {
    let positions = [
        Vec3::new(-0.5, -0.5, 0.0),
        Vec3::new(0.5, -0.5, 0.0),
        Vec3::new(0.0, 0.5, 0.0),
    ];
    let tris = [[0, 1, 2]];
    let panels = [
        Panel {
            label: "LBS",
            positions: &positions,
        },
        Panel {
            label: "DQS",
            positions: &positions,
        },
        Panel {
            label: "COR",
            positions: &positions,
        },
    ];
    let img = compare(&panels, &tris, Vec3::X, Vec3::Y, (60, 50), &[]);
    assert_eq!((img.width(), img.height()), (180, 50));
    let bytes = img.encode_png().expect("encodes");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("valid PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("frame");
    assert_eq!((info.width, info.height), (180, 50));
    let bg = [245u8, 245, 240];
    for panel in 0..3usize {
        // The triangle's middle, away from the label.
        let (x, y) = (panel * 60 + 30, 35usize);
        let i = (y * 180 + x) * 3;
        assert_ne!(&buf[i..i + 3], &bg, "panel {panel} is blank");
    }
}

#[test]
fn render_close_ups_add_a_row_that_zooms_in() {
    let positions = [
        Vec3::new(-0.5, -0.5, 0.0),
        Vec3::new(0.5, -0.5, 0.0),
        Vec3::new(0.0, 0.5, 0.0),
    ];
    let panels = [Panel {
        label: "",
        positions: &positions,
    }];
    let close = CloseUp {
        centre: Vec3::new(0.0, -0.4, 0.0),
        half_height: 0.05,
    };
    let img = compare(
        &panels,
        &[[0, 1, 2]],
        Vec3::X,
        Vec3::Y,
        (80, 80),
        &[close, close],
    );
    assert_eq!((img.width(), img.height()), (80, 120));
    // Zoomed on a point inside the triangle near its base: the close-up's
    // centre is covered, and so is most of it.
    let inset_bg = [232u8, 232, 226];
    assert_ne!(img.get(20, 100), Some(inset_bg));
    let mut covered = 0;
    for y in 81..120 {
        for x in 1..39 {
            if img.get(x, y) != Some(inset_bg) {
                covered += 1;
            }
        }
    }
    assert!(covered > 38 * 39 / 2, "covered {covered}");
}
