//! Deterministic training of a [`Mlp`] (plain Rust, one thread): inputs
//! and outputs standardised on the training set, Xavier initialisation
//! from a fixed seed, mini-batch AdamW with a cosine learning rate, and
//! early stopping on a held-out set (the best epoch's weights are kept).

use posewire_solver::learned::mlp::{dense, Layer, Mlp};

/// How to train.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainOptions {
    /// Hidden layer sizes.
    pub hidden: Vec<usize>,
    /// Most passes over the data.
    pub epochs: usize,
    /// Samples per update.
    pub batch: usize,
    /// Peak learning rate.
    pub learning_rate: f32,
    /// Decoupled weight decay (AdamW), per unit learning rate.
    pub weight_decay: f32,
    /// Stop after this many epochs without a better held-out loss.
    pub patience: usize,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Gaussian noise added to the standardised inputs of every training
    /// sample (a regulariser; 0: none).
    pub input_noise: f32,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            hidden: vec![64, 64],
            epochs: 40,
            batch: 256,
            learning_rate: 2e-3,
            weight_decay: 1e-4,
            patience: 6,
            seed: 7,
            input_noise: 0.0,
        }
    }
}

/// A data set: `inputs` row-major with `n_in` columns, `targets` with
/// `n_out`.
#[derive(Debug, Clone, Copy)]
pub struct Rows<'a> {
    /// Inputs, row-major.
    pub inputs: &'a [f32],
    /// Targets, row-major.
    pub targets: &'a [f32],
    /// Input columns.
    pub n_in: usize,
    /// Target columns.
    pub n_out: usize,
}

impl Rows<'_> {
    /// How many rows.
    pub fn len(&self) -> usize {
        self.inputs.len() / self.n_in.max(1)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn input(&self, i: usize) -> &[f32] {
        &self.inputs[i * self.n_in..(i + 1) * self.n_in]
    }

    fn target(&self, i: usize) -> &[f32] {
        &self.targets[i * self.n_out..(i + 1) * self.n_out]
    }
}

/// One epoch's losses (mean squared error of the standardised outputs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EpochLoss {
    /// The epoch (from 1).
    pub epoch: usize,
    /// On the training set (during the epoch).
    pub train: f64,
    /// On the held-out set (after it).
    pub held_out: f64,
}

/// A small deterministic generator (SplitMix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A standard normal draw (Box-Muller).
    fn normal(&mut self) -> f32 {
        let u = self.unit().max(1e-7);
        let v = self.unit();
        (-2.0 * u.ln()).sqrt() * (std::f32::consts::TAU * v).cos()
    }

    fn shuffle(&mut self, v: &mut [usize]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// Column means and standard deviations (at least `floor`).
fn standardisation(values: &[f32], columns: usize, floor: f32) -> (Vec<f32>, Vec<f32>) {
    let n = (values.len() / columns.max(1)).max(1) as f64;
    let mut mean = vec![0.0f64; columns];
    let mut sq = vec![0.0f64; columns];
    for row in values.chunks_exact(columns) {
        for (k, &x) in row.iter().enumerate() {
            mean[k] += f64::from(x);
            sq[k] += f64::from(x) * f64::from(x);
        }
    }
    let mean: Vec<f64> = mean.iter().map(|m| m / n).collect();
    let std = sq
        .iter()
        .zip(&mean)
        .map(|(s, m)| ((s / n - m * m).max(0.0).sqrt() as f32).max(floor))
        .collect();
    (mean.iter().map(|m| *m as f32).collect(), std)
}

/// The network's raw (standardised) outputs and every layer's activations.
fn activations(mlp: &Mlp, x: &[f32], acts: &mut Vec<Vec<f32>>) {
    acts.resize(mlp.layers.len() + 1, Vec::new());
    acts[0].clear();
    acts[0].extend(
        x.iter()
            .zip(mlp.in_mean.iter().zip(&mlp.in_scale))
            .map(|(v, (m, s))| (v - m) / s),
    );
    recompute(&mlp.layers, acts);
}

/// The layers' activations again from the (changed) input activations.
fn recompute(layers: &[Layer], acts: &mut [Vec<f32>]) {
    let last = layers.len() - 1;
    for (k, layer) in layers.iter().enumerate() {
        let (before, after) = acts.split_at_mut(k + 1);
        dense(layer, &before[k], &mut after[0]);
        if k < last {
            after[0].iter_mut().for_each(|v| *v = v.tanh());
        }
    }
}

/// Mean squared error of the standardised outputs over `rows`.
fn loss(mlp: &Mlp, rows: &Rows) -> f64 {
    let mut acts = Vec::new();
    let mut total = 0.0f64;
    for i in 0..rows.len() {
        activations(mlp, rows.input(i), &mut acts);
        let out = &acts[mlp.layers.len()];
        for (k, (o, y)) in out.iter().zip(rows.target(i)).enumerate() {
            let t = (y - mlp.out_mean[k]) / mlp.out_scale[k];
            total += f64::from((o - t) * (o - t));
        }
    }
    total / (rows.len().max(1) * rows.n_out.max(1)) as f64
}

/// Gradients of the layers, shaped like them.
fn zero_grads(mlp: &Mlp) -> Vec<Layer> {
    mlp.layers
        .iter()
        .map(|l| Layer {
            inputs: l.inputs,
            outputs: l.outputs,
            weights: vec![0.0; l.weights.len()],
            biases: vec![0.0; l.biases.len()],
        })
        .collect()
}

/// Adds one sample's gradient of the squared error to `grads` (with
/// `noise` added to the standardised input); returns the sample's squared
/// error.
fn backward(
    mlp: &Mlp,
    (x, y): (&[f32], &[f32]),
    noise: &[f32],
    grads: &mut [Layer],
    acts: &mut Vec<Vec<f32>>,
) -> f64 {
    activations(mlp, x, acts);
    if !noise.is_empty() {
        acts[0].iter_mut().zip(noise).for_each(|(a, n)| *a += n);
        recompute(&mlp.layers, acts);
    }
    let n = mlp.layers.len();
    let mut delta: Vec<f32> = acts[n]
        .iter()
        .enumerate()
        .map(|(k, o)| o - (y[k] - mlp.out_mean[k]) / mlp.out_scale[k])
        .collect();
    let err = delta.iter().map(|d| f64::from(d * d)).sum();
    for k in (0..n).rev() {
        let layer = &mlp.layers[k];
        let input = &acts[k];
        let g = &mut grads[k];
        for (o, d) in delta.iter().enumerate() {
            g.biases[o] += d;
            let row = &mut g.weights[o * layer.inputs..(o + 1) * layer.inputs];
            row.iter_mut().zip(input).for_each(|(w, a)| *w += d * a);
        }
        if k > 0 {
            let mut back = vec![0.0f32; layer.inputs];
            for (o, d) in delta.iter().enumerate() {
                let row = &layer.weights[o * layer.inputs..(o + 1) * layer.inputs];
                back.iter_mut().zip(row).for_each(|(b, w)| *b += d * w);
            }
            // tanh' = 1 - a^2 on the hidden activations.
            back.iter_mut()
                .zip(input)
                .for_each(|(b, a)| *b *= 1.0 - a * a);
            delta = back;
        }
    }
    err
}

/// Adam's moments of every parameter.
struct Adam {
    m: Vec<Layer>,
    v: Vec<Layer>,
    step: i32,
}

impl Adam {
    /// One AdamW update of `mlp` with the batch's mean gradient.
    fn update(&mut self, mlp: &mut Mlp, grads: &[Layer], scale: f32, lr: f32, decay: f32) {
        self.step += 1;
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let c1 = 1.0 - b1.powi(self.step);
        let c2 = 1.0 - b2.powi(self.step);
        for (k, layer) in mlp.layers.iter_mut().enumerate() {
            let apply = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], wd: f32| {
                for i in 0..p.len() {
                    let gi = g[i] * scale;
                    m[i] = b1 * m[i] + (1.0 - b1) * gi;
                    v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
                    let step = (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                    p[i] -= lr * (step + wd * p[i]);
                }
            };
            let (m, v) = (&mut self.m[k], &mut self.v[k]);
            apply(
                &mut layer.weights,
                &grads[k].weights,
                &mut m.weights,
                &mut v.weights,
                decay,
            );
            apply(
                &mut layer.biases,
                &grads[k].biases,
                &mut m.biases,
                &mut v.biases,
                0.0,
            );
        }
    }
}

/// A network of `sizes` with standardisation from `train` and Xavier
/// uniform weights.
fn initial(sizes: &[usize], train: &Rows, rng: &mut SplitMix) -> Mlp {
    let mut mlp = Mlp::zeros(sizes);
    (mlp.in_mean, mlp.in_scale) = standardisation(train.inputs, train.n_in, 1e-2);
    (mlp.out_mean, mlp.out_scale) = standardisation(train.targets, train.n_out, 1e-3);
    for layer in &mut mlp.layers {
        let bound = (6.0 / (layer.inputs + layer.outputs) as f32).sqrt();
        layer
            .weights
            .iter_mut()
            .for_each(|w| *w = (2.0 * rng.unit() - 1.0) * bound);
    }
    mlp
}

/// Trains a network on `train`, stopping early on `held_out`; returns the
/// best epoch's network and every epoch's losses. `progress` is called
/// after each epoch.
pub fn train(
    train: &Rows,
    held_out: &Rows,
    options: &TrainOptions,
    mut progress: impl FnMut(&EpochLoss),
) -> (Mlp, Vec<EpochLoss>) {
    let mut rng = SplitMix(options.seed);
    let mut sizes = vec![train.n_in];
    sizes.extend(&options.hidden);
    sizes.push(train.n_out);
    let mut mlp = initial(&sizes, train, &mut rng);
    let mut adam = Adam {
        m: zero_grads(&mlp),
        v: zero_grads(&mlp),
        step: 0,
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut history = Vec::new();
    let mut best = (f64::INFINITY, mlp.clone());
    let mut acts = Vec::new();
    let batch = options.batch.max(1);
    let epochs = options.epochs.max(1);
    for epoch in 1..=epochs {
        rng.shuffle(&mut order);
        let progress_share = (epoch - 1) as f32 / epochs as f32;
        let lr =
            options.learning_rate * 0.5 * (1.0 + (std::f32::consts::PI * progress_share).cos());
        let mut total = 0.0;
        let mut noise = Vec::new();
        for chunk in order.chunks(batch) {
            let mut grads = zero_grads(&mlp);
            for &i in chunk {
                noise.clear();
                if options.input_noise > 0.0 {
                    noise.extend((0..train.n_in).map(|_| options.input_noise * rng.normal()));
                }
                let row = (train.input(i), train.target(i));
                total += backward(&mlp, row, &noise, &mut grads, &mut acts);
            }
            let scale = 2.0 / (chunk.len() * train.n_out) as f32;
            adam.update(&mut mlp, &grads, scale, lr, options.weight_decay);
        }
        let e = EpochLoss {
            epoch,
            train: total / (train.len().max(1) * train.n_out) as f64,
            held_out: loss(&mlp, held_out),
        };
        progress(&e);
        history.push(e);
        if e.held_out < best.0 {
            best = (e.held_out, mlp.clone());
        }
        let since_best = history
            .iter()
            .rev()
            .take_while(|h| h.held_out > best.0)
            .count();
        if since_best >= options.patience.max(1) {
            break;
        }
    }
    (best.1, history)
}

/// The network's outputs on every row, row-major.
pub fn predict(mlp: &Mlp, rows: &Rows) -> Vec<f32> {
    let mut out = vec![0.0f32; rows.len() * rows.n_out];
    let mut scratch = Default::default();
    for (i, o) in out.chunks_exact_mut(rows.n_out).enumerate() {
        mlp.forward(rows.input(i), o, &mut scratch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_learns_a_smooth_function_and_is_deterministic() {
        // y = (sin x0, x0 * x1) on a grid.
        let mut inputs = Vec::new();
        let mut targets = Vec::new();
        for i in 0..40 {
            for j in 0..10 {
                let (a, b) = (i as f32 / 10.0 - 2.0, j as f32 / 5.0 - 1.0);
                inputs.extend([a, b]);
                targets.extend([a.sin(), a * b]);
            }
        }
        let rows = Rows {
            inputs: &inputs,
            targets: &targets,
            n_in: 2,
            n_out: 2,
        };
        let options = TrainOptions {
            hidden: vec![16],
            epochs: 60,
            batch: 16,
            learning_rate: 1e-2,
            ..TrainOptions::default()
        };
        let (a, history) = train(&rows, &rows, &options, |_| {});
        let (b, _) = train(&rows, &rows, &options, |_| {});
        assert_eq!(a, b, "same seed, same network");
        let best = history
            .iter()
            .map(|h| h.held_out)
            .fold(f64::INFINITY, f64::min);
        assert!(best < 0.02, "standardised MSE {best}");
        assert!(best < 0.1 * history[0].held_out);
        let p = predict(&a, &rows);
        assert_eq!(p.len(), targets.len());
    }
}
