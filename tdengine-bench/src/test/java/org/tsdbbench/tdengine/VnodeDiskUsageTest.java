package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.db.DatabaseException;

/** How 3.x's disk figure reads TDengine's answers and files, on text captured from the local 3.3.0.1 (no server). */
class VnodeDiskUsageTest {

    @Test
    void theBlockDistributionGivesTheBlocksTheirBytesAndTheRowsOutsideThem() throws Exception {
        VnodeDiskUsage.BlockDistribution d = VnodeDiskUsage.BlockDistribution.parse(List.of(
                "Total_Blocks=[3003] Total_Size=[43147.98 KiB] Average_size=[14.37 KiB] Compression_Ratio=[27.61 %]",
                "Block_Rows=[10000000] MinRows=[1000] MaxRows=[4096] AvgRows=[3330]",
                "Inmem_Rows=[0] Stt_Rows=[0] ",
                "Total_Tables=[1000] Total_Filesets=[4] Total_Vgroups=[2]"));
        assertEquals(new VnodeDiskUsage.BlockDistribution(3003, 44_183_532, 0, 0), d);
        // Rows in stt files are not in Total_Size: the stt files are counted from the file sets.
        VnodeDiskUsage.BlockDistribution stt = VnodeDiskUsage.BlockDistribution.parse(List.of(
                "Total_Blocks=[0] Total_Size=[0.00 KiB] Average_size=[0.00 KiB] Compression_Ratio=[0.00 %]",
                "Block_Rows=[0] MinRows=[0] MaxRows=[0] AvgRows=[0]", "Inmem_Rows=[0] Stt_Rows=[60000] "));
        assertEquals(new VnodeDiskUsage.BlockDistribution(0, 0, 0, 60_000), stt);
    }

    @Test
    void anAnswerWithoutTheFiguresIsAnErrorNamingIt() {
        DatabaseException e = assertThrows(DatabaseException.class, () -> VnodeDiskUsage.BlockDistribution.parse(List.of("_block_dist: ?")));
        assertTrue(e.getMessage().endsWith("Inmem_Rows and Stt_Rows: _block_dist: ?"), e.getMessage());
    }

    /** A vnode's tsdb/current.json after the tests dropped earlier super tables: one data file holding their blocks, an stt file. */
    @Test
    void theFileSetsAreSummedByKind() throws Exception {
        String current = "{\"fmtv\":1,\"fset\":[{\"fid\":1809,"
                + "\"head\":{\"did.level\":0,\"did.id\":0,\"lcn\":0,\"fid\":1809,\"cid\":4,\"size\":1354,\"minVer\":2,\"maxVer\":2431},"
                + "\"data\":{\"did.level\":0,\"did.id\":0,\"lcn\":-1,\"fid\":1809,\"cid\":1,\"size\":10650124,\"minVer\":2,\"maxVer\":2431},"
                + "\"sma\":{\"did.level\":0,\"did.id\":0,\"lcn\":0,\"fid\":1809,\"cid\":1,\"size\":39096,\"minVer\":2,\"maxVer\":2431},"
                + "\"stt lvl\":[{\"level\":0,\"files\":[{\"did.level\":0,\"did.id\":0,\"lcn\":0,\"fid\":1809,\"cid\":5,\"size\":138738,"
                + "\"minVer\":2432,\"maxVer\":2500}]}]}]}";
        VnodeDiskUsage.FileSets one = VnodeDiskUsage.FileSets.of(new ObjectMapper().readTree(current));
        assertEquals(new VnodeDiskUsage.FileSets(1, 10_650_124, 1354, 39_096, 138_738, 1), one);
        assertEquals(new VnodeDiskUsage.FileSets(2, 21_300_248, 2708, 78_192, 277_476, 2), one.plus(one));
        assertEquals(VnodeDiskUsage.FileSets.NONE, VnodeDiskUsage.FileSets.of(new ObjectMapper().readTree("{\"fmtv\":1,\"fset\":[]}")));
    }
}
