package org.tsdbbench.common.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBudgetExtensionTest {

    @TestBudget(seconds = 900)
    static class Slow {
    }

    static class SlowToo extends Slow {
    }

    private static Function<String, Optional<String>> params(Map<String, String> m) {
        return k -> Optional.ofNullable(m.get(k));
    }

    @Test
    void everyTestClassRunsUnderItsBudget() {
        // junit-platform.properties and the service file of common's tests registered the extension.
        assertTrue(TestBudgetExtension.watching(TestBudgetExtensionTest.class),
                "no budget for this class: is the extension autodetected (junit-platform.properties, META-INF/services)?");
    }

    @Test
    void theBudgetIsTheClasssPropertyElseItsAnnotationElseTheDefault() {
        assertEquals(300, TestBudgetExtension.budgetSeconds(TestBudgetExtensionTest.class, params(Map.of())));
        assertEquals(60, TestBudgetExtension.budgetSeconds(TestBudgetExtensionTest.class, params(Map.of("tsbench.testBudget", "60"))));
        assertEquals(900, TestBudgetExtension.budgetSeconds(Slow.class, params(Map.of("tsbench.testBudget", "60"))));
        assertEquals(900, TestBudgetExtension.budgetSeconds(SlowToo.class, params(Map.of())), "a base class's budget is inherited");
        assertEquals(20, TestBudgetExtension.budgetSeconds(Slow.class, params(Map.of("tsbench.testBudget.Slow", "20"))));
        assertEquals(0, TestBudgetExtension.budgetSeconds(Slow.class, params(Map.of(
                "tsbench.testBudget." + Slow.class.getName(), "0", "tsbench.testBudget.Slow", "20"))), "the full name first");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TestBudgetExtension.budgetSeconds(TestBudgetExtensionTest.class, params(Map.of("tsbench.testBudget", "5m"))));
        assertTrue(e.getMessage().contains("tsbench.testBudget=5m"), e.getMessage());
    }

    @Test
    void theFailureNamesTheClassItsTimeAndItsThreads() {
        String m = TestBudgetExtension.overrunMessage(Slow.class, 912.345, 900, Optional.of(Path.of("/x/threads.txt")));
        assertEquals(Slow.class.getName() + " took 912.3 s, past its budget of 900 s (@TestBudget on the class or"
                + " -Dtsbench.testBudget.Slow=N sets its own); its threads at 900 s: /x/threads.txt", m);
    }

    @Test
    void theThreadsAreWrittenAsJstackWould(@TempDir Path dir) throws Exception {
        Path file = TestBudgetExtension.writeThreads(Slow.class, 900, dir.resolve("a/Slow-threads.txt"));
        String text = Files.readString(file);
        assertTrue(text.startsWith(Slow.class.getName() + " past its budget of 900 s at "), text);
        assertTrue(text.contains("\"" + Thread.currentThread().getName() + "\" #"), text);
        // Frames as StackTraceElement prints them: "\tat app//org.tsdbbench...Test.method(Test.java:58)".
        assertTrue(text.lines().anyMatch(l -> l.startsWith("\tat ")
                && l.contains(TestBudgetExtensionTest.class.getName() + ".theThreadsAreWrittenAsJstackWould(")), text);
        assertTrue(text.contains("\"test-budget-timer\" #"), text);
        assertTrue(text.contains("child processes:"), text);
    }
}
