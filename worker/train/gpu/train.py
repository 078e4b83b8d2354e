"""
Trains a recognizer (the move-box one, or the header's convolutional one) on a GPU machine, with CTC as
`npm run train` does, from samples exported here by `npm run train -- --export dir` (README, "Trained on a
GPU machine"):

    python3 worker/train/gpu/train.py --data dir --start worker/model/recognizer-moves --out out [--minutes 6]

It first checks that its PyTorch twin of the recognizer reproduces the exported reference readings of
the starting weights, then trains for the given minutes (the epochs that fit, or `--epochs`; the step size falling
along a cosine) and writes the weights of the epoch that read most validation boxes exactly, in the
tfjs layout the product loads (model.json and weights.bin); `--select numbers` keeps the epoch that
reads most round and board numbers instead.
"""
import argparse, math, os, sys, time
import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from recognizer import CLASSES, FRAMES, LABEL, load_samples, load_tfjs, save_tfjs, surety, widened  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--data", required=True, nargs="+", help="folder written by npm run train -- --export (several: trained on all their boxes, validated on the first's)")
parser.add_argument("--start", required=True, help="tfjs recognizer to start from (either kind)")
parser.add_argument("--reference", help="its log-probabilities of the first validation boxes (default: the export's, made with the move-box recognizer or --from)")
parser.add_argument("--out", required=True)
parser.add_argument("--lr", type=float, default=5e-4)
parser.add_argument("--batch", type=int, default=256)
parser.add_argument("--minutes", type=float, default=6)
parser.add_argument("--epochs", type=int, help="train exactly so many epochs (2 or more) instead of those that fit in --minutes: the same run on a slower or faster machine")
parser.add_argument("--augment", type=int, default=1, choices=[0, 1, 2, 3], help="1: vary ink strength and shift by up to 3 / 1 pixels; 2: also bend each box (slant, size, tilt, an elastic field) and thin or thicken its strokes; 3: as 2, and letters of uneven width and height along the box, off its baseline")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--widen", type=int, help="first give the move-box recognizer's LSTM this many units each way (reading as before; README, *A wider recognizer*)")
parser.add_argument("--penalty", type=float, default=0, help="add this times the readings' surety (their frames' negative entropy) to the loss, so that the recognizer is less sure of what it misreads; the loss printed includes it (README, *A penalty on sure readings*)")
parser.add_argument("--every", action="store_true", help="also write each epoch's weights to OUT/epoch-N, to choose among them on held-out hands (what validation on the training hands cannot show)")
parser.add_argument("--select", choices=["all", "numbers"], default="all", help="keep the epoch reading most validation boxes right, or most round and board numbers (the header recognizer)")
args = parser.parse_args()
if args.epochs is not None and args.epochs < 2:
    parser.error("--epochs: at least 2 (the first at the full step size, then the cosine)")
if args.penalty < 0:
    parser.error(f"--penalty: 0 or more (a negative one would make the readings surer), not {args.penalty}")
torch.manual_seed(args.seed)
device = "cuda" if torch.cuda.is_available() else "cpu"
if device == "cpu":  # some builds (Debian's python3-torch) use one thread unless told
    # the cores it may use (taskset: runs side by side), where the system says
    torch.set_num_threads(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
# the check below in full float32; training in TF32
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def log(*parts):
    print(f"[{os.path.basename(args.out)}]", *parts, flush=True)


exports = [load_samples(os.path.join(folder, "train.gz")) for folder in args.data]
assert len({bits for _, _, bits in exports}) == 1, "the exports keep their ink at different bits"
train_labels, train_ink, bits = np.concatenate([e[0] for e in exports]), np.concatenate([e[1] for e in exports]), exports[0][2]
del exports
val_labels, val_ink, val_bits = load_samples(os.path.join(args.data[0], "validation.gz"))
assert val_bits == 8, "validation boxes are exported at 8 bits"
log(f"{len(train_ink)} training boxes ({bits}-bit ink), {len(val_ink)} validation boxes, on {device}")

model, manifest = load_tfjs(args.start)
model.to(device)
model.eval()
val_x = torch.from_numpy(val_ink).to(device).float().div(255).unsqueeze(1)
reference = np.fromfile(args.reference or os.path.join(args.data[0], "reference.bin"), dtype=np.float32).reshape(-1, FRAMES, CLASSES)
with torch.no_grad():
    twin = torch.log_softmax(model(val_x[: len(reference)]), -1).cpu().numpy()
difference = float(np.abs(twin - reference).max())
log(f"twin against the tfjs recognizer: largest log-probability difference {difference:.2e}")
if difference > 1e-3:
    sys.exit("the PyTorch twin does not read as the tfjs recognizer: worker/model/recognizer.ts and recognizer.py differ")
if args.widen:
    model, manifest = widened(model.cpu(), manifest, args.widen, args.seed)
    model.to(device).eval()
    with torch.no_grad():
        wide = torch.log_softmax(model(val_x[: len(reference)]), -1).cpu().numpy()
    log(f"widened to {args.widen} units each way: largest log-probability difference {float(np.abs(wide - twin).max()):.2e}")

torch.backends.cuda.matmul.allow_tf32 = True
torch.backends.cudnn.allow_tf32 = True
ink = torch.from_numpy(train_ink).to(device)
lengths = torch.from_numpy(train_labels[:, 0].astype(np.int64)).to(device)
labels = torch.from_numpy(train_labels[:, 1:].astype(np.int64)).to(device)
val_targets = [list(row[1 : 1 + row[0]]) for row in val_labels]
# round and board boxes: labels of digits only ("0"–"9" are classes 24–33 of worker/reader/alphabet.ts)
DIGITS = set(range(24, 34))
numbers = [i for i, target in enumerate(val_targets) if target and set(target) <= DIGITS]
step = 1 << (8 - bits)


def zero_shifted(x, dy, dx):
    """x (n, H, W) moved by dy rows and dx columns, what comes in blank."""
    x = torch.roll(x, (dy, dx), (1, 2))
    if dx > 0:
        x[:, :, :dx] = 0
    if dx < 0:
        x[:, :, dx:] = 0
    if dy > 0:
        x[:, :dy] = 0
    if dy < 0:
        x[:, dy:] = 0
    return x


def along_the_box(n, w, points, pixels):
    """(n, W): a smooth random displacement along each box's width, `pixels` at most at its `points` control points."""
    field = torch.empty(n, 1, points, device=device).uniform_(-pixels, pixels)
    return F.interpolate(field, size=w, mode="linear", align_corners=True).squeeze(1)


def bent(x, uneven=False):
    """x (n, H, W): each box through its own map, as another hand would write it: slant (shear), width and
    height, a slight tilt, a shift to the right, and a smooth elastic field of about a pixel; `uneven`: also
    letters wider and narrower along the box (a displacement along it of up to 1.5 pixels, varying over about a
    letter's width) and some above and some below the baseline (up to 2 pixels); then a quarter of them with
    thinner and a quarter with thicker strokes."""
    n, h, w = x.shape
    u = lambda lo, hi: torch.empty(n, device=device).uniform_(lo, hi)
    shear, sx, sy, tilt = u(-0.3, 0.3), u(0.88, 1.08), u(0.85, 1.1), u(-0.03, 0.03)
    theta = torch.zeros(n, 2, 3, device=device)
    # grid_sample reads the output's (X, Y) in [-1, 1] from the input at theta @ (X, Y, 1); pixels are w/2 and h/2 a unit
    # widths change from the left edge, where the writing begins, and the writing moves right by as much as the
    # slant would push its top or bottom out of the box, and up to 2 pixels more: nothing written is cut off
    theta[:, 0, 0] = 1 / sx
    theta[:, 0, 1] = (shear - tilt) * (h / w) / sx
    theta[:, 0, 2] = 1 / sx - 1 - (shear.abs() * h / 2 + u(0, 2)) * 2 / w
    theta[:, 1, 0] = tilt * (w / h)
    theta[:, 1, 1] = 1 / sy
    theta[:, 1, 2] = u(-1.5, 1.5) * 2 / h
    grid = F.affine_grid(theta, (n, 1, h, w), align_corners=False)
    field = torch.randn(n, 2, 4, 12, device=device) * torch.tensor([2 / w, 2 / h], device=device).view(1, 2, 1, 1)
    grid = grid + F.interpolate(field, size=(h, w), mode="bicubic", align_corners=False).permute(0, 2, 3, 1)
    if uneven:
        grid[..., 0] += (along_the_box(n, w, 14, 1.5) * 2 / w).unsqueeze(1)
        grid[..., 1] += (along_the_box(n, w, 10, 2.0) * 2 / h).unsqueeze(1)
    x = F.grid_sample(x.unsqueeze(1), grid, mode="bilinear", padding_mode="zeros", align_corners=False)
    pen = torch.rand(n, 1, 1, 1, device=device)
    thicker = torch.maximum(x, 0.7 * F.max_pool2d(x, 3, 1, 1))
    thinner = torch.minimum(x, (0.35 - F.max_pool2d(-x, 3, 1, 1)).clamp(0, 1))
    x = torch.where(pen < 0.25, thinner, torch.where(pen > 0.75, thicker, x))
    return x.squeeze(1).clamp(0, 1)


def batch_input(index):
    q = ink[index].float()
    if step > 1:  # back from the stored bits: anywhere in the step, blank stays blank
        q = torch.where(q > 0, (q + torch.rand_like(q)) * step, q)
    x = (q / 255).clamp(0, 1)
    if args.augment >= 2:
        x = bent((x * torch.empty(len(index), 1, 1, device=device).uniform_(0.75, 1.15)).clamp(0, 1), uneven=args.augment == 3)
    elif args.augment:
        x = (x * torch.empty(len(index), 1, 1, device=device).uniform_(0.75, 1.15)).clamp(0, 1)
        x = zero_shifted(x, int(torch.randint(-1, 2, (1,))), int(torch.randint(-3, 4, (1,))))
    else:
        x = zero_shifted(x, 0, int(torch.randint(-2, 3, (1,))))
    return x.unsqueeze(1)


def validation_share():
    """Validation boxes (all, and the round and board numbers) whose best path (repeats merged, blanks dropped) is exactly the label."""
    model.eval()
    right = np.zeros(len(val_x), dtype=bool)
    with torch.no_grad():
        for start in range(0, len(val_x), 1024):
            for i, row in enumerate(model(val_x[start : start + 1024]).argmax(-1).cpu().numpy()):
                read, previous = [], 0
                for c in row:
                    if c != 0 and c != previous:
                        read.append(int(c))
                    previous = c
                right[start + i] = read == val_targets[start + i]
    model.train()
    return right.mean(), right[numbers].mean()


optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
def score(shares):
    return shares[1] if args.select == "numbers" else shares[0]


shares = validation_share()
best = score(shares)
log(f"starting weights: validation boxes read exactly {100 * shares[0]:.1f}%, round and board numbers {100 * shares[1]:.1f}% ({len(numbers)})")
save_tfjs(model, manifest, args.out)
model.train()
steps = max(1, len(ink) // args.batch)  # an export smaller than a batch is one batch
began = time.time()
epochs, epoch = args.epochs or 2, 0
while epoch < epochs:
    epoch += 1
    took = time.time()
    order = torch.randperm(len(ink), device=device)
    total = torch.zeros((), device=device)
    for b in range(steps):
        if epoch > 1:
            done = ((epoch - 2) * steps + b) / max(1, (epochs - 1) * steps)
            for group in optimizer.param_groups:
                group["lr"] = args.lr * (0.02 + 0.49 * (1 + math.cos(math.pi * min(1.0, done))))
        index = order[b * args.batch : (b + 1) * args.batch]
        log_probs = F.log_softmax(model(batch_input(index)), -1).transpose(0, 1)
        n = lengths[index]
        targets = labels[index][torch.arange(LABEL, device=device)[None, :] < n[:, None]]
        frames = torch.full((len(index),), FRAMES, dtype=torch.long, device=device)
        loss = F.ctc_loss(log_probs, targets, frames, n, blank=0, reduction="sum", zero_infinity=True) / len(index)
        if args.penalty:
            loss = loss + args.penalty * surety(log_probs)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        total += loss.detach()
    shares = validation_share()
    took = time.time() - took
    if epoch == 1 and args.epochs is None:  # as many epochs as fit in the time asked for
        epochs = max(2, int((args.minutes * 60 - (time.time() - began)) / took) + 1)
        log(f"an epoch takes {took:.1f} s: {epochs} epochs")
    better = score(shares) > best
    if args.every:
        save_tfjs(model, manifest, os.path.join(args.out, f"epoch-{epoch}"))
    if better:
        best = score(shares)
        save_tfjs(model, manifest, args.out)
    log(f"epoch {epoch}/{epochs}: loss {float(total) / steps:.3f}, validation {100 * shares[0]:.1f}%, numbers {100 * shares[1]:.1f}%, step size {optimizer.param_groups[0]['lr']:.1e}, {took:.1f} s{' (written)' if better else ''}")
log(f"best: {100 * best:.1f}% ({'round and board numbers' if args.select == 'numbers' else 'validation boxes'} read exactly), weights in {args.out}")
