-- CreateTable
CREATE TABLE "reviewed_box" (
    "id" SERIAL NOT NULL,
    "sheet_id" INTEGER NOT NULL,
    "ply" INTEGER NOT NULL,
    "san" TEXT NOT NULL,
    "notation" "NotationLanguage" NOT NULL,
    "corrected" BOOLEAN NOT NULL,
    "pixels" BYTEA NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviewed_box_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reviewed_box_sheet_id_ply_key" ON "reviewed_box"("sheet_id", "ply");

-- AddForeignKey
ALTER TABLE "reviewed_box" ADD CONSTRAINT "reviewed_box_sheet_id_fkey" FOREIGN KEY ("sheet_id") REFERENCES "sheet_image_entry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
