"""
Averages two recognizers trained from the same weights (a "model soup", Wortsman et al. 2022): each weight the
mean of the two, `--share` of the second (README, "Every training font drawn with a pen"):

    python3 worker/train/gpu/average.py worker/model/recognizer-moves out/epoch-6 --out averaged [--share 0.5]
"""
import argparse, os, sys
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from recognizer import load_tfjs, save_tfjs  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("first")
parser.add_argument("second")
parser.add_argument("--out", required=True)
parser.add_argument("--share", type=float, default=0.5, help="the second's share, from 0 to 1")
args = parser.parse_args()
if not 0 <= args.share <= 1:
    sys.exit(f"--share: from 0 to 1, not {args.share}")

first, manifest = load_tfjs(args.first)
second, other = load_tfjs(args.second)
if [spec["shape"] for spec in manifest["weightSpecs"]] != [spec["shape"] for spec in other["weightSpecs"]]:
    sys.exit("the two recognizers differ in their layers: only weights of the same recognizer can be averaged")
theirs = second.state_dict()
averaged = {name: (1 - args.share) * tensor + args.share * theirs[name] for name, tensor in first.state_dict().items()}
first.load_state_dict(averaged)
save_tfjs(first, manifest, args.out)
print(f"written to {args.out}: {1 - args.share:g} of {args.first}, {args.share:g} of {args.second}")
