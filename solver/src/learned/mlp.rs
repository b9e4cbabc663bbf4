//! A small multi-layer perceptron in plain Rust (f32): standardised inputs,
//! `tanh` hidden layers, a linear output layer and de-standardised outputs.
//! The weights file is little-endian (see [`Mlp::from_bytes`]); an empty
//! file means "no model".

use std::ops::Range;

/// The weights file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"PWMLP\x01\0\0";

/// Why a weights file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MlpError {
    /// The file does not start with [`MAGIC`].
    #[error("not a Posewire MLP weights file (bad magic)")]
    Magic,
    /// The file ends before all its weights.
    #[error("the weights file is cut short at byte {0}")]
    Truncated(usize),
    /// A layer size is zero or absurdly large.
    #[error("layer size {0} is out of range (1..=4096)")]
    LayerSize(usize),
    /// Bytes follow the last weight.
    #[error("{0} bytes follow the last weight")]
    Trailing(usize),
    /// A weight is NaN or infinite, or a scale is not positive.
    #[error("weight {0} is not a finite number (or a scale is not positive)")]
    NotFinite(usize),
}

/// One dense layer: `out = W in + b`, `W` row-major (`outputs x inputs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Inputs of the layer.
    pub inputs: usize,
    /// Outputs of the layer.
    pub outputs: usize,
    /// Weights, row-major, `outputs * inputs`.
    pub weights: Vec<f32>,
    /// Biases, `outputs`.
    pub biases: Vec<f32>,
}

/// A trained network with its input and output standardisation.
#[derive(Debug, Clone, PartialEq)]
pub struct Mlp {
    /// Subtracted from each input.
    pub in_mean: Vec<f32>,
    /// Each input is divided by this after the mean.
    pub in_scale: Vec<f32>,
    /// The layers; `tanh` after every one but the last.
    pub layers: Vec<Layer>,
    /// Each raw output is multiplied by this...
    pub out_scale: Vec<f32>,
    /// ...and this added.
    pub out_mean: Vec<f32>,
    /// The layers regrouped for the real-time loop ([`Mlp::packed`]):
    /// `None` computes from `layers`.
    pub packed: Option<Vec<Vec<PackedBlock>>>,
}

/// Reads little-endian values from a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take4(&mut self) -> Result<[u8; 4], MlpError> {
        let b = self
            .bytes
            .get(self.at..self.at + 4)
            .ok_or(MlpError::Truncated(self.at))?;
        self.at += 4;
        Ok([b[0], b[1], b[2], b[3]])
    }

    fn size(&mut self) -> Result<usize, MlpError> {
        let n = u32::from_le_bytes(self.take4()?) as usize;
        if n == 0 || n > 4096 {
            return Err(MlpError::LayerSize(n));
        }
        Ok(n)
    }

    fn floats(&mut self, n: usize) -> Result<Vec<f32>, MlpError> {
        (0..n)
            .map(|_| {
                let at = self.at;
                let v = f32::from_le_bytes(self.take4()?);
                if v.is_finite() {
                    Ok(v)
                } else {
                    Err(MlpError::NotFinite(at))
                }
            })
            .collect()
    }
}

impl Mlp {
    /// A network with the given layer sizes (`sizes[0]` inputs), all
    /// weights zero, identity standardisation: the trainer's start.
    pub fn zeros(sizes: &[usize]) -> Mlp {
        let n_in = sizes.first().copied().unwrap_or(0);
        let n_out = sizes.last().copied().unwrap_or(0);
        Mlp {
            in_mean: vec![0.0; n_in],
            in_scale: vec![1.0; n_in],
            layers: sizes
                .windows(2)
                .map(|w| Layer {
                    inputs: w[0],
                    outputs: w[1],
                    weights: vec![0.0; w[0] * w[1]],
                    biases: vec![0.0; w[1]],
                })
                .collect(),
            out_scale: vec![1.0; n_out],
            out_mean: vec![0.0; n_out],
            packed: None,
        }
    }

    /// Number of inputs.
    pub fn inputs(&self) -> usize {
        self.in_mean.len()
    }

    /// Number of outputs.
    pub fn outputs(&self) -> usize {
        self.out_mean.len()
    }

    /// Embedded weights (`include_bytes!`) as a network of `inputs` to
    /// `outputs` numbers: `None` for an empty file or another shape.
    pub fn embedded(bytes: &[u8], inputs: usize, outputs: usize) -> Result<Option<Mlp>, MlpError> {
        Ok(Mlp::from_bytes(bytes)?.filter(|m| m.inputs() == inputs && m.outputs() == outputs))
    }

    /// Reads a weights file: [`MAGIC`], `u32` input count, `u32` layer
    /// count, a `u32` output size per layer, then `f32`s: input mean and
    /// scale, each layer's weights (row-major) and biases, output scale and
    /// mean. An empty file is `Ok(None)` (no model).
    pub fn from_bytes(bytes: &[u8]) -> Result<Option<Mlp>, MlpError> {
        if bytes.is_empty() {
            return Ok(None);
        }
        if bytes.get(..8) != Some(&MAGIC[..]) {
            return Err(MlpError::Magic);
        }
        let mut r = Reader { bytes, at: 8 };
        let n_in = r.size()?;
        let n_layers = r.size()?;
        let mut sizes = vec![n_in];
        for _ in 0..n_layers.min(64) {
            sizes.push(r.size()?);
        }
        let mut mlp = Mlp::zeros(&sizes);
        mlp.in_mean = r.floats(n_in)?;
        mlp.in_scale = r.floats(n_in)?;
        for layer in &mut mlp.layers {
            layer.weights = r.floats(layer.inputs * layer.outputs)?;
            layer.biases = r.floats(layer.outputs)?;
        }
        let n_out = mlp.outputs();
        mlp.out_scale = r.floats(n_out)?;
        mlp.out_mean = r.floats(n_out)?;
        if let Some(i) = mlp.in_scale.iter().position(|s| *s <= 0.0) {
            return Err(MlpError::NotFinite(i));
        }
        if r.at != bytes.len() {
            return Err(MlpError::Trailing(bytes.len() - r.at));
        }
        Ok(Some(mlp))
    }

    /// The weights file of this network (what [`Mlp::from_bytes`] reads).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let put_u32 = |out: &mut Vec<u8>, v: usize| {
            out.extend_from_slice(&u32::try_from(v).unwrap_or(u32::MAX).to_le_bytes())
        };
        put_u32(&mut out, self.inputs());
        put_u32(&mut out, self.layers.len());
        for l in &self.layers {
            put_u32(&mut out, l.outputs);
        }
        let mut floats = |v: &[f32]| {
            v.iter()
                .for_each(|x| out.extend_from_slice(&x.to_le_bytes()))
        };
        floats(&self.in_mean);
        floats(&self.in_scale);
        for l in &self.layers {
            floats(&l.weights);
            floats(&l.biases);
        }
        floats(&self.out_scale);
        floats(&self.out_mean);
        out
    }

    /// This network with its layers regrouped for speed: per block of
    /// [`ROWS`] rows, the inputs the block reads (an ensemble's
    /// block-diagonal layers skip the others, whose weights are all zero)
    /// with the block's weights for each input side by side, so the rows
    /// are summed as one vector. The answer is bit-identical (each row's
    /// products are still added in input order; only zero products are
    /// left out). The weights must not change afterwards.
    pub fn packed(mut self) -> Mlp {
        self.packed = Some(self.layers.iter().map(pack).collect());
        self
    }

    /// Runs the network on `input` (length [`Mlp::inputs`]) into `output`
    /// (length [`Mlp::outputs`]); `scratch` holds the hidden activations
    /// between calls (no allocation once it has grown).
    pub fn forward(&self, input: &[f32], output: &mut [f32], scratch: &mut [Vec<f32>; 2]) {
        let [a, b] = scratch;
        a.clear();
        a.extend(
            input
                .iter()
                .zip(self.in_mean.iter().zip(&self.in_scale))
                .map(|(x, (m, s))| (x - m) / s),
        );
        let last = self.layers.len().saturating_sub(1);
        for (k, layer) in self.layers.iter().enumerate() {
            match self.packed.as_ref().and_then(|p| p.get(k)) {
                Some(blocks) if a.len() >= layer.inputs => dense_packed(layer, blocks, a, b),
                _ => dense(layer, a, b),
            }
            if k < last {
                b.iter_mut().for_each(|v| *v = v.tanh());
            }
            std::mem::swap(a, b);
        }
        for (i, o) in output.iter_mut().enumerate() {
            let raw = a.get(i).copied().unwrap_or(0.0);
            *o = raw * self.out_scale.get(i).copied().unwrap_or(1.0)
                + self.out_mean.get(i).copied().unwrap_or(0.0);
        }
    }
}

/// Rows of a layer summed side by side: independent sums the CPU overlaps
/// (as one vector when packed) instead of one long chain of additions.
pub const ROWS: usize = 8;

/// [`ROWS`] rows of a layer regrouped: the inputs they read and, for each,
/// the rows' weights side by side.
#[derive(Debug, Clone, PartialEq)]
pub struct PackedBlock {
    /// The inputs read: outside them every weight of the rows is zero.
    pub span: Range<usize>,
    /// Per input of `span`, the rows' weights (zero past the last row).
    pub weights: Vec<[f32; ROWS]>,
}

/// `out = W x + b` for one layer. Each row's products are added in input
/// order from `-0.0` (as `Iterator::sum`), so the result is bit-identical
/// to one row at a time; [`ROWS`] rows are summed side by side for speed.
pub fn dense(layer: &Layer, x: &[f32], out: &mut Vec<f32>) {
    out.clear();
    let n = layer.inputs.max(1);
    let x = &x[..x.len().min(layer.inputs)];
    let blocks = layer.weights.chunks_exact(n * ROWS);
    let rest = blocks.remainder();
    for (block, biases) in blocks.zip(layer.biases.chunks_exact(ROWS)) {
        let rows: [&[f32]; ROWS] = std::array::from_fn(|k| &block[k * n..k * n + x.len()]);
        let mut sums = [-0.0f32; ROWS];
        for (j, v) in x.iter().enumerate() {
            for (s, row) in sums.iter_mut().zip(&rows) {
                *s += row[j] * v;
            }
        }
        out.extend(biases.iter().zip(sums).map(|(b, s)| b + s));
    }
    let done = out.len();
    out.extend(
        rest.chunks_exact(n)
            .zip(layer.biases.get(done..).unwrap_or_default())
            .map(|(row, b)| b + row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>()),
    );
}

/// [`dense`] over a layer's [`PackedBlock`]s (`x` at least the layer's
/// inputs long).
fn dense_packed(layer: &Layer, blocks: &[PackedBlock], x: &[f32], out: &mut Vec<f32>) {
    out.clear();
    for (block, biases) in blocks.iter().zip(layer.biases.chunks(ROWS)) {
        let xs = x.get(block.span.clone()).unwrap_or_default();
        let mut sums = [-0.0f32; ROWS];
        for (w, v) in block.weights.iter().zip(xs) {
            for (s, w) in sums.iter_mut().zip(w) {
                *s += w * v;
            }
        }
        out.extend(biases.iter().zip(sums).map(|(b, s)| b + s));
    }
}

/// A layer's rows in blocks of [`ROWS`], each over the inputs from the
/// first to the last where one of its rows has a weight that is not zero.
fn pack(layer: &Layer) -> Vec<PackedBlock> {
    let n = layer.inputs.max(1);
    layer
        .weights
        .chunks(n * ROWS)
        .map(|block| {
            let rows: Vec<&[f32]> = block.chunks_exact(n).collect();
            let used = |j: &usize| rows.iter().any(|row| row[*j] != 0.0);
            let start = (0..n).find(used).unwrap_or(0);
            let end = (0..n).rev().find(used).map_or(start, |j| j + 1);
            let weights = (start..end)
                .map(|j| std::array::from_fn(|k| rows.get(k).map_or(0.0, |row| row[j])))
                .collect();
            PackedBlock {
                span: start..end,
                weights,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2-3-1 net whose output is computed by hand below.
    fn tiny() -> Mlp {
        let mut m = Mlp::zeros(&[2, 3, 1]);
        m.in_mean = vec![1.0, 0.0];
        m.in_scale = vec![2.0, 1.0];
        m.layers[0].weights = vec![0.5, -1.0, 0.0, 2.0, 1.0, 1.0];
        m.layers[0].biases = vec![0.1, 0.0, -0.2];
        m.layers[1].weights = vec![1.0, -2.0, 0.5];
        m.layers[1].biases = vec![0.3];
        m.out_scale = vec![10.0];
        m.out_mean = vec![-1.0];
        m
    }

    #[test]
    fn forward_matches_a_hand_computed_tiny_net() {
        let m = tiny();
        // Input (3, 0.5) standardised: (1, 0.5).
        let h = [
            (0.5f32 * 1.0 - 1.0 * 0.5 + 0.1).tanh(),
            (0.0f32 * 1.0 + 2.0 * 0.5 + 0.0).tanh(),
            (1.0f32 * 1.0 + 1.0 * 0.5 - 0.2).tanh(),
        ];
        let raw = 1.0 * h[0] - 2.0 * h[1] + 0.5 * h[2] + 0.3;
        let expected = raw * 10.0 - 1.0;
        let mut out = [0.0f32];
        m.forward(&[3.0, 0.5], &mut out, &mut Default::default());
        assert!((out[0] - expected).abs() < 1e-5, "{} vs {expected}", out[0]);
    }

    #[test]
    fn weights_survive_a_round_trip_and_bad_files_are_refused() {
        let m = tiny();
        let bytes = m.to_bytes();
        assert_eq!(Mlp::from_bytes(&bytes), Ok(Some(m)));
        assert_eq!(Mlp::from_bytes(&[]), Ok(None));
        assert_eq!(Mlp::from_bytes(b"nonsense"), Err(MlpError::Magic));
        assert!(matches!(
            Mlp::from_bytes(&bytes[..bytes.len() - 2]),
            Err(MlpError::Truncated(_))
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Mlp::from_bytes(&longer), Err(MlpError::Trailing(1)));
        let mut nan = bytes;
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(matches!(Mlp::from_bytes(&nan), Err(MlpError::NotFinite(_))));
    }

    /// A layer of `inputs` x `outputs` with varied weights (some zero).
    fn layer(inputs: usize, outputs: usize) -> Layer {
        let mut k = 0u32;
        let mut next = || {
            k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let v = ((k >> 8) % 2001) as f32 / 1000.0 - 1.0;
            if k.is_multiple_of(7) {
                0.0
            } else {
                v
            }
        };
        Layer {
            inputs,
            outputs,
            weights: (0..inputs * outputs).map(|_| next()).collect(),
            biases: (0..outputs).map(|_| next()).collect(),
        }
    }

    #[test]
    fn dense_is_bit_identical_to_summing_one_row_at_a_time() {
        for (inputs, outputs) in [(1, 1), (3, 7), (82, 64), (82, 192), (150, 13), (64, 9)] {
            let l = layer(inputs, outputs);
            let x: Vec<f32> = (0..inputs).map(|i| (i as f32 * 0.37).sin() * 3.0).collect();
            let expected: Vec<f32> = l
                .weights
                .chunks_exact(inputs)
                .zip(&l.biases)
                .map(|(row, b)| b + row.iter().zip(&x).map(|(w, v)| w * v).sum::<f32>())
                .collect();
            let mut out = Vec::new();
            dense(&l, &x, &mut out);
            let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&out), bits(&expected), "{inputs} x {outputs}");
        }
    }

    #[test]
    fn a_packed_network_answers_bit_identically_and_skips_an_ensembles_zero_blocks() {
        let mut m = Mlp::zeros(&[82, 24, 24, 9]);
        m.layers[0] = layer(82, 24);
        let mut l = layer(24, 24);
        for (i, w) in l.weights.iter_mut().enumerate() {
            let (row, col) = (i / 24, i % 24);
            if row / 8 != col / 8 {
                *w = 0.0;
            }
        }
        m.layers[1] = l;
        m.layers[2] = layer(24, 9);
        let fast = m.clone().packed();
        let spans: Option<Vec<_>> = fast
            .packed
            .as_ref()
            .map(|p| p[1].iter().map(|b| b.span.clone()).collect());
        assert_eq!(spans, Some(vec![0..8, 8..16, 16..24]));
        for t in 0..5 {
            let x: Vec<f32> = (0..82)
                .map(|i| (i as f32 * 0.37 + t as f32).sin() * 2.0)
                .collect();
            let (mut a, mut b) = ([0.0f32; 9], [0.0f32; 9]);
            m.forward(&x, &mut a, &mut Default::default());
            fast.forward(&x, &mut b, &mut Default::default());
            assert_eq!(a.map(f32::to_bits), b.map(f32::to_bits));
        }
    }
}
