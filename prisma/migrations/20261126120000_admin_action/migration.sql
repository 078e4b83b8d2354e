-- CreateTable
CREATE TABLE "admin_action" (
    "id" SERIAL NOT NULL,
    "admin_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_action_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_action_created_idx" ON "admin_action"("created");

-- AddForeignKey
ALTER TABLE "admin_action" ADD CONSTRAINT "admin_action_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

