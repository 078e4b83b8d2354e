"""
The move-box recognizer of worker/model/recognizer.ts (convolutions, a bidirectional LSTM with tfjs's
hard-sigmoid gates, a dense output layer) in PyTorch, reading and writing the committed tfjs weights
unchanged in layout, so that a GPU machine can train what the product reads with. train.py checks on
every run that this twin reproduces the tfjs model's log-probabilities.
"""
import gzip, json, os
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

H, W, FRAMES, CLASSES, LABEL = 32, 160, 40, 41, 16


def hard_sigmoid(x):
    return torch.clamp(0.2 * x + 0.5, 0.0, 1.0)


class LSTMDir(nn.Module):
    def __init__(self, inp, units):
        super().__init__()
        self.units = units
        self.kernel = nn.Parameter(torch.zeros(inp, 4 * units))
        self.recurrent = nn.Parameter(torch.zeros(units, 4 * units))
        self.bias = nn.Parameter(torch.zeros(4 * units))

    def forward(self, x, reverse):
        n, t, k = x.shape
        u = self.units
        # one plain product for all steps, and the steps taken apart once: a product of a transposed (strided)
        # input falls back to a batched product with the kernel copied per box, and slicing a step out of z
        # in the loop makes its gradient a zero-filled copy of all of z (both many times slower on a CPU)
        z = (x.reshape(n * t, k) @ self.kernel + self.bias).view(n, t, 4 * u).unbind(1)
        h = x.new_zeros(n, u)
        c = x.new_zeros(n, u)
        outs = [None] * t
        steps = range(t - 1, -1, -1) if reverse else range(t)
        for s in steps:
            i, f, cc, o = (z[s] + h @ self.recurrent).chunk(4, 1)
            i, f, cc, o = hard_sigmoid(i), hard_sigmoid(f), torch.tanh(cc), hard_sigmoid(o)
            c = f * c + i * cc
            h = o * torch.tanh(c)
            outs[s] = h
        return torch.stack(outs, 1)


class Recognizer(nn.Module):
    """`recurrent`: the move-box recognizer (with the LSTM); otherwise the header's convolutional one."""

    def __init__(self, recurrent=True, units=96):
        super().__init__()
        self.recurrent = recurrent
        self.c1 = nn.Conv2d(1, 16, 3, padding=1)
        self.c2 = nn.Conv2d(16, 32, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(32, eps=1e-3, momentum=0.01)
        self.c3 = nn.Conv2d(32, 48, 3, padding=1, bias=False)
        self.b3 = nn.BatchNorm2d(48, eps=1e-3, momentum=0.01)
        self.d1 = nn.Conv1d(192, 160, 3, padding=1)
        self.d2 = nn.Conv1d(160, 160, 3, padding=1)
        if recurrent:
            self.fw = LSTMDir(160, units)
            self.bw = LSTMDir(160, units)
        self.out = nn.Linear(2 * units if recurrent else 160, CLASSES)

    def forward(self, x):  # x: N,1,32,160 ink in 0–1
        x = F.max_pool2d(F.relu(self.c1(x)), 2)
        x = F.max_pool2d(F.relu(self.b2(self.c2(x))), 2)
        x = F.max_pool2d(F.relu(self.b3(self.c3(x))), (2, 1))  # N,48,4,40
        x = x.permute(0, 3, 2, 1).reshape(x.shape[0], FRAMES, 4 * 48)  # a frame's features: row * 48 + channel
        x = x.transpose(1, 2)
        x = F.relu(self.d2(F.relu(self.d1(x)))).transpose(1, 2)  # N,40,160
        if self.recurrent:
            x = torch.cat([self.fw(x, False), self.bw(x, True)], 2)
        return self.out(x)  # N,40,CLASSES logits


def spec_tensors(model):
    """tfjs weight name -> (tensor, to tfjs layout, from tfjs layout)."""
    conv2 = (lambda t: t.permute(2, 3, 1, 0), lambda a: a.permute(3, 2, 0, 1))
    conv1 = (lambda t: t.permute(2, 1, 0), lambda a: a.permute(2, 1, 0))
    same = (lambda t: t, lambda a: a)
    dense = (lambda t: t.t(), lambda a: a.t())
    m = model
    table = {
        "conv2d_Conv2D1/kernel": (m.c1.weight, *conv2),
        "conv2d_Conv2D1/bias": (m.c1.bias, *same),
        "conv2d_Conv2D2/kernel": (m.c2.weight, *conv2),
        "batch_normalization_BatchNormalization1/gamma": (m.b2.weight, *same),
        "batch_normalization_BatchNormalization1/beta": (m.b2.bias, *same),
        "conv2d_Conv2D3/kernel": (m.c3.weight, *conv2),
        "batch_normalization_BatchNormalization2/gamma": (m.b3.weight, *same),
        "batch_normalization_BatchNormalization2/beta": (m.b3.bias, *same),
        "conv1d_Conv1D1/kernel": (m.d1.weight, *conv1),
        "conv1d_Conv1D1/bias": (m.d1.bias, *same),
        "conv1d_Conv1D2/kernel": (m.d2.weight, *conv1),
        "conv1d_Conv1D2/bias": (m.d2.bias, *same),
        "dense_Dense1/kernel": (m.out.weight, *dense),
        "dense_Dense1/bias": (m.out.bias, *same),
        "batch_normalization_BatchNormalization1/moving_mean": (m.b2.running_mean, *same),
        "batch_normalization_BatchNormalization1/moving_variance": (m.b2.running_var, *same),
        "batch_normalization_BatchNormalization2/moving_mean": (m.b3.running_mean, *same),
        "batch_normalization_BatchNormalization2/moving_variance": (m.b3.running_var, *same),
    }
    if m.recurrent:
        for direction, lstm in (("forward", m.fw), ("backward", m.bw)):
            prefix = f"bidirectional_Bidirectional1/{direction}_lstm_LSTM1/"
            table.update({prefix + "kernel": (lstm.kernel, *same), prefix + "recurrent_kernel": (lstm.recurrent, *same), prefix + "bias": (lstm.bias, *same)})
    return table


def load_tfjs(directory):
    """The recognizer stored in a tfjs directory (either kind) and its manifest."""
    manifest = json.load(open(os.path.join(directory, "model.json")))
    recurrent = [spec["shape"][0] for spec in manifest["weightSpecs"] if spec["name"].endswith("recurrent_kernel")]
    model = Recognizer(recurrent=bool(recurrent), units=recurrent[0] if recurrent else 96)
    data = np.fromfile(os.path.join(directory, "weights.bin"), dtype=np.float32)
    table = spec_tensors(model)
    offset = 0
    with torch.no_grad():
        for spec in manifest["weightSpecs"]:
            size = int(np.prod(spec["shape"]))
            array = torch.from_numpy(data[offset:offset + size].reshape(spec["shape"]).copy())
            offset += size
            tensor, _, from_tfjs = table[spec["name"]]
            tensor.copy_(from_tfjs(array))
    assert offset == data.size
    return model, manifest


def widened(model, manifest, units, seed=1):
    """The recurrent recognizer with `units` LSTM units each way instead of its own, reading exactly as it does:
    the trained units keep their weights, the new ones start from small random input weights, and neither their
    states nor their outputs reach the trained units or the output layer until training teaches them to (those
    weights start at zero). With the manifest for it (the LSTM's units, its and the output layer's weight shapes)."""
    assert model.recurrent, "widening needs the recurrent (move-box) recognizer"
    u = model.fw.units
    assert units > u, f"widening needs more units than the recognizer's {u}"
    wide = Recognizer(recurrent=True, units=units)
    source = dict(model.named_parameters(), **dict(model.named_buffers()))
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, tensor in list(wide.named_parameters()) + list(wide.named_buffers()):
            old = source[name]
            if name.startswith(("fw.", "bw.")):
                tensor.zero_()
                gates_old, gates_new = old.view(*old.shape[:-1], 4, u), tensor.view(*tensor.shape[:-1], 4, units)
                if name.endswith(".kernel"):
                    gates_new[..., u:] = torch.randn(gates_new[..., u:].shape, generator=generator) * 0.05
                if name.endswith("recurrent"):
                    gates_new[:u, :, :u] = gates_old
                else:
                    gates_new[..., :u] = gates_old
                    if name.endswith("bias"):
                        gates_new[1, u:] = 1  # the new units' forget gates open, as tfjs's unit forget bias starts them
            elif name == "out.weight":
                tensor.zero_()
                tensor[:, :u] = old[:, :u]
                tensor[:, units : units + u] = old[:, u:]
            else:
                tensor.copy_(old)
    manifest = json.loads(json.dumps(manifest))
    layers = manifest["modelTopology"]["config"]["layers"]
    for layer in layers:
        if layer["class_name"] == "Bidirectional":
            layer["config"]["layer"]["config"]["units"] = units
    for spec in manifest["weightSpecs"]:
        shape = spec["shape"]
        if spec["name"].endswith("lstm_LSTM1/recurrent_kernel"):
            spec["shape"] = [units, 4 * units]
        elif spec["name"].endswith(("lstm_LSTM1/kernel", "lstm_LSTM1/bias")):
            spec["shape"] = shape[:-1] + [4 * units]
        elif spec["name"] == "dense_Dense1/kernel":
            spec["shape"] = [2 * units, shape[1]]
    return wide, manifest


def surety(log_probs):
    """Each box's frames summed: Σ_t Σ_c p·log p, the negative of their entropy (0 when every frame is certain), averaged
    over the boxes of a batch; log_probs as CTC takes them, frames × boxes × classes. Added to the loss times --penalty, it
    keeps a recognizer's readings modest (a confidence penalty: Pereyra et al., 2017; README, *A penalty on sure readings*)."""
    return (log_probs.exp() * log_probs).sum(-1).sum(0).mean()


def save_tfjs(model, manifest, directory):
    os.makedirs(directory, exist_ok=True)
    table = spec_tensors(model)
    parts = []
    for spec in manifest["weightSpecs"]:
        tensor, to_tfjs, _ = table[spec["name"]]
        array = to_tfjs(tensor.detach().float().cpu()).contiguous().numpy()
        assert list(array.shape) == spec["shape"], (spec["name"], array.shape)
        parts.append(array.astype(np.float32).ravel())
    np.concatenate(parts).tofile(os.path.join(directory, "weights.bin"))
    json.dump(manifest, open(os.path.join(directory, "model.json"), "w"), separators=(",", ":"))


def load_samples(path):
    """A file of worker/train/export.ts: (labels: n × (1 + LABEL), ink: n × H × W in its top `bits` bits, bits)."""
    raw = gzip.decompress(open(path, "rb").read())
    assert raw[:4] == b"KBXS", f"{path}: not an exported sample file"
    bits = raw[4]
    records = np.frombuffer(raw, dtype=np.uint8, offset=5).reshape(-1, 1 + LABEL + H * W)
    return records[:, :1 + LABEL].copy(), records[:, 1 + LABEL:].reshape(-1, H, W).copy(), bits
